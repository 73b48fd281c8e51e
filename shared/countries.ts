/**
 * ISO 3166-1 alpha-2: every officially assigned country code (249), with its English name
 * from the runtime's CLDR data (`Intl.DisplayNames`, in Node's full ICU and every current
 * browser) instead of a hand-kept list of names; sorted by name for pickers.
 * GET /api/addresses/countries answers this list, and the address contracts accept only
 * these codes. The codes stay listed here: CLDR also knows regions that are no ISO
 * countries (EU, XK, 419), so the set of valid codes must not come from it.
 */
export type Country = { code: string; name: string };

const assignedCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE ' +
  'BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD ' +
  'CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF ' +
  'GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME ' +
  'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI ' +
  'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK ' +
  'TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

let named: readonly Country[] | undefined;

/**
 * Every code with its English name, sorted by name; made at the first call, not when the module
 * loads: the names need ICU's region data and a sort, which only the list of countries asks for,
 * while every function that validates an address loads this module (a cold-start cost,
 * docs/architecture-decisions.md, Lambda bundles).
 */
export function countries(): readonly Country[] {
  if (!named) {
    const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    named = assignedCodes.map((code) => ({ code, name: regionNames.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return named;
}

const codes = new Set(assignedCodes);

/** Whether a code is an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(code: string): boolean {
  return codes.has(code);
}
