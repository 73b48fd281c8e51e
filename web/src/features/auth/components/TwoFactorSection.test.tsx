import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TwoFactorStatus } from '../../../../../shared/contracts/mfa';
import { fakeApi, ok } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { TwoFactorSection } from './TwoFactorSection';

let restore = () => undefined as void;
afterEach(() => restore());

const off: TwoFactorStatus = { totpEnabled: false, recoveryCodesLeft: 0, passkeyCount: 0, hasSecondFactor: false, requiredBy: [] };
const codes = Array.from({ length: 10 }, (_, index) => `code-${index}`);

describe('Profile → Security, two-factor sign-in', () => {
  it('says On in the badge as soon as the recovery codes are shown, and keeps the codes on screen', async () => {
    let enabled = false;
    const api = fakeApi({
      'GET /mfa/status': () => ok(enabled ? { ...off, totpEnabled: true, recoveryCodesLeft: 10, hasSecondFactor: true } : off),
      'POST /mfa/totp/setup': ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Family%20Canvas:me?secret=JBSWY3DPEHPK3PXP' }),
      'POST /mfa/totp/enable': () => {
        enabled = true;
        return ok({ recoveryCodes: codes });
      },
    });
    restore = api.restore;
    const { user } = renderWithApp(<TwoFactorSection />);
    const heading = await screen.findByRole('heading', { name: /Two-factor sign-in/ });
    expect(await within(heading).findByText('Off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await screen.findByRole('textbox', { name: /code/i }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    // The codes are shown once; the badge already says On, before the user is done with them.
    const shown = await screen.findByTestId('recovery-codes');
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    await waitFor(() => expect(within(heading).getByText('On')).toBeInTheDocument());
    expect(screen.getByTestId('recovery-codes')).toBeInTheDocument();
  });
});
