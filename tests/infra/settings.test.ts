import { App } from 'aws-cdk-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app-builder';
import { addressOf, isPlaceholderHost, mailDomainOf, readSettings } from '../../infra/settings';

function settingsWith(context: Record<string, unknown>) {
  return readSettings(new App({ context }).node);
}

/** A development synth (tests, `npm run synth`): placeholders are accepted. */
function developmentSettingsWith(context: Record<string, unknown>) {
  return settingsWith({ stage: 'development', ...context });
}

const settingNames = ['FC_STAGE', 'FC_APP_URL', 'FC_MAIL_IDENTITY', 'FC_MAIL_FROM', 'FC_CONTACT_TO', 'FC_ALARM_EMAIL', 'FC_WAF'] as const;
let saved: Record<string, string | undefined>;
beforeEach(() => {
  saved = Object.fromEntries(settingNames.map((name) => [name, process.env[name]]));
  for (const name of settingNames) delete process.env[name];
  // Outside development an alarm address is required (tests/infra/alarms.test.ts checks the refusal).
  process.env.FC_ALARM_EMAIL = 'ops@familie-weber.de';
});
afterEach(() => {
  for (const name of settingNames) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('deployment settings', () => {
  it('derives the mail identity and addresses from the app URL', () => {
    const settings = settingsWith({ appUrl: 'https://canvas.familie-weber.de/' });
    expect(settings.stage).toBe('production');
    expect(settings.appUrl).toBe('https://canvas.familie-weber.de');
    expect(settings.mailIdentity).toBe('canvas.familie-weber.de');
    expect(settings.mailFrom).toBe('Family Canvas <no-reply@canvas.familie-weber.de>');
    expect(settings.contactTo).toBe('team@canvas.familie-weber.de');
  });

  it('turns WAF (the per-client limit) on in production and staging unless told otherwise, off in development', () => {
    const appUrl = 'https://canvas.familie-weber.de';
    expect(settingsWith({ appUrl }).waf).toBe(true);
    expect(settingsWith({ appUrl, stage: 'staging' }).waf).toBe(true);
    expect(settingsWith({ appUrl, waf: 'false' }).waf).toBe(false);
    expect(developmentSettingsWith({}).waf).toBe(false);
    expect(developmentSettingsWith({ waf: 'true' }).waf).toBe(true);
  });

  it('sends from the address itself when the identity is one address (SES verified only that one)', () => {
    const settings = settingsWith({ appUrl: 'https://d1234abcd.cloudfront.net', mailIdentity: 'anna@familie-weber.de' });
    expect(mailDomainOf(settings.mailIdentity)).toBe('familie-weber.de');
    expect(settings.mailFrom).toBe('Family Canvas <anna@familie-weber.de>');
    expect(addressOf(settings.mailFrom)).toBe('anna@familie-weber.de');
  });

  it('prefers context over the environment for account and region', () => {
    expect(developmentSettingsWith({ account: '222222222222', region: 'eu-west-1' })).toMatchObject({ account: '222222222222', region: 'eu-west-1' });
  });

  it('refuses an unknown log level', () => {
    expect(() => developmentSettingsWith({ logLevel: 'verbose' })).toThrow(/logLevel/);
  });

  it('takes appUrl from FC_APP_URL when no context gives it', () => {
    process.env.FC_APP_URL = 'https://canvas.familie-weber.de';
    expect(settingsWith({}).appUrl).toBe('https://canvas.familie-weber.de');
  });
});

describe('required settings of a deployment', () => {
  it('refuses a synth without appUrl, naming the setting and how to give it', () => {
    expect(() => settingsWith({})).toThrow(/appUrl is required.*-c appUrl=.*FC_APP_URL/);
  });

  it('refuses the placeholder appUrl and other names reserved for examples', () => {
    expect(() => settingsWith({ appUrl: 'https://familycanvas.example' })).toThrow(
      /appUrl "https:\/\/familycanvas.example" is a placeholder.*-c appUrl=.*FC_APP_URL/,
    );
    expect(() => settingsWith({ appUrl: 'https://canvas.example.org' })).toThrow(/placeholder/);
  });

  it('refuses an appUrl that is not https', () => {
    expect(() => settingsWith({ appUrl: 'http://canvas.familie-weber.de' })).toThrow(/must be https/);
  });

  it('refuses a mail identity or sender left at a placeholder', () => {
    const appUrl = 'https://canvas.familie-weber.de';
    expect(() => settingsWith({ appUrl, mailIdentity: 'familycanvas.example' })).toThrow(
      /mailIdentity "familycanvas.example" is a placeholder.*FC_MAIL_IDENTITY/,
    );
    expect(() => settingsWith({ appUrl, mailFrom: 'Family Canvas <no-reply@familycanvas.example>' })).toThrow(/mailFrom .* is a placeholder.*FC_MAIL_FROM/);
    expect(() => settingsWith({ appUrl, contactTo: 'team@example.com' })).toThrow(/contactTo .* is a placeholder/);
  });

  it('refuses a sender the identity cannot send from', () => {
    expect(() => settingsWith({ appUrl: 'https://d1.cloudfront.net', mailIdentity: 'anna@familie-weber.de', mailFrom: 'no-reply@familie-weber.de' })).toThrow(
      /does not belong to mailIdentity/,
    );
    // A domain identity covers its subdomains.
    expect(settingsWith({ appUrl: 'https://canvas.familie-weber.de', mailIdentity: 'familie-weber.de', mailFrom: 'x@mail.familie-weber.de' }).mailFrom).toBe(
      'x@mail.familie-weber.de',
    );
  });

  it('asks for a mail identity when appUrl is the CloudFront address (cloudfront.net cannot be verified)', () => {
    expect(() => settingsWith({ appUrl: 'https://d1234abcd.cloudfront.net' })).toThrow(/mailIdentity is required.*-c mailIdentity=.*FC_MAIL_IDENTITY/);
  });

  it('refuses an alarm address that is no address or a placeholder, where nobody would read the alarms', () => {
    const appUrl = 'https://canvas.familie-weber.de';
    expect(() => settingsWith({ appUrl, alarmEmail: 'not-an-email' })).toThrow(/alarmEmail "not-an-email" is not an e-mail address.*FC_ALARM_EMAIL/);
    expect(() => settingsWith({ appUrl, alarmEmail: 'ops@familie-weber.de, cto@familie-weber.de' })).toThrow(/not an e-mail address/);
    expect(() => settingsWith({ appUrl, alarmEmail: 'ops@example.com' })).toThrow(/alarmEmail "ops@example.com" is a placeholder/);
    expect(settingsWith({ appUrl, alarmEmail: 'ops+alarms@familie-weber.de' }).alarmEmail).toBe('ops+alarms@familie-weber.de');
    // Even a development synth subscribes what it is given, so a typo is refused there too.
    expect(() => developmentSettingsWith({ alarmEmail: 'ops@' })).toThrow(/not an e-mail address/);
  });

  it('accepts placeholders in a development synth only', () => {
    expect(developmentSettingsWith({})).toMatchObject({ stage: 'development', appUrl: 'https://familycanvas.example', mailIdentity: 'familycanvas.example' });
    process.env.FC_STAGE = 'development';
    expect(settingsWith({}).stage).toBe('development');
    expect(() => settingsWith({ stage: 'prod' })).toThrow(/stage must be production, staging, development/);
  });

  it('stops the whole app before any stack is built', () => {
    expect(() => buildApp({ withNag: false, webDistPath: null })).toThrow(/appUrl is required/);
  });

  it('knows the reserved names', () => {
    for (const host of ['familycanvas.example', 'a.test', 'x.invalid', 'localhost', 'example.com', 'mail.example.org'])
      expect(isPlaceholderHost(host)).toBe(true);
    for (const host of ['familie-weber.de', 'd1234abcd.cloudfront.net', 'example.de', 'myexample.com']) expect(isPlaceholderHost(host)).toBe(false);
  });
});

describe('stages of one installation (context stages)', () => {
  const production = { appUrl: 'https://canvas.familie-weber.de', account: '111111111111', region: 'eu-central-1' };
  const staging = { ...production, stage: 'staging', appUrl: 'https://staging.familie-weber.de' };

  it('refuses a second stage with the same mail identity in the same account and region, naming the other stage', () => {
    const stages = { production: { mailIdentity: 'familie-weber.de' } };
    expect(() => settingsWith({ ...staging, mailIdentity: 'familie-weber.de', stages })).toThrow(
      /mailIdentity "familie-weber.de" is already stage production's in account 111111111111, region eu-central-1.*staging\.familie-weber\.de/,
    );
    // The same on the command line (JSON), and whatever the case.
    expect(() => settingsWith({ ...staging, mailIdentity: 'Familie-Weber.de', stages: JSON.stringify(stages) })).toThrow(/already stage production's/);
  });

  it('lets stages apart by identity, account or region synthesise', () => {
    const stages = { production: { mailIdentity: 'familie-weber.de' }, staging: { mailIdentity: 'staging.familie-weber.de' } };
    expect(settingsWith({ ...staging, mailIdentity: 'staging.familie-weber.de', stages }).mailIdentity).toBe('staging.familie-weber.de');
    expect(
      settingsWith({ ...staging, mailIdentity: 'familie-weber.de', stages: { production: { mailIdentity: 'familie-weber.de', region: 'us-east-1' } } }).stage,
    ).toBe('staging');
    expect(
      settingsWith({ ...staging, mailIdentity: 'familie-weber.de', stages: { production: { mailIdentity: 'familie-weber.de', account: '222222222222' } } })
        .stage,
    ).toBe('staging');
    // Production itself, checked against the record of staging.
    expect(settingsWith({ ...production, mailIdentity: 'familie-weber.de', stages }).stage).toBe('production');
  });

  it('refuses a record that no longer says what this stage deploys, or that names no identity', () => {
    expect(() => settingsWith({ ...production, mailIdentity: 'familie-weber.de', stages: { production: { mailIdentity: 'mail.familie-weber.de' } } })).toThrow(
      /stages\.production .* does not match/,
    );
    expect(() => settingsWith({ ...production, stages: { staging: { region: 'eu-west-1' } } })).toThrow(/stages\.staging names no mailIdentity/);
    expect(() => settingsWith({ ...production, stages: '[not json' })).toThrow(/stages must be an object/);
  });
});

describe("the API's custom domain", () => {
  const base = { appUrl: 'https://canvas.familie-weber.de', region: 'eu-central-1' };
  const certificate = 'arn:aws:acm:eu-central-1:111111111111:certificate/0d4c7b9e-5a3f-4c1e-9a8b-2f6e1d7c3b5a';

  it('takes the domain with its certificate of the stacks’ region', () => {
    expect(settingsWith({ ...base, apiDomainName: 'api.canvas.familie-weber.de', apiCertificateArn: certificate }).apiDomain).toEqual({
      domainName: 'api.canvas.familie-weber.de',
      certificateArn: certificate,
    });
    expect(settingsWith(base).apiDomain).toBeUndefined();
  });

  it('refuses half of it, a certificate of another region, or appUrl’s own host', () => {
    expect(() => settingsWith({ ...base, apiDomainName: 'api.canvas.familie-weber.de' })).toThrow(/apiDomainName and apiCertificateArn go together/);
    expect(() =>
      settingsWith({ ...base, apiDomainName: 'api.canvas.familie-weber.de', apiCertificateArn: certificate.replace('eu-central-1', 'us-east-1') }),
    ).toThrow(/must be an ACM certificate in the stacks' region eu-central-1/);
    expect(() => settingsWith({ ...base, apiDomainName: 'canvas.familie-weber.de', apiCertificateArn: certificate })).toThrow(/must be a name of its own/);
  });
});
