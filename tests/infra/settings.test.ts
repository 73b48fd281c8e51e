import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { mailDomainOf, readSettings } from '../../infra/settings';

function settingsWith(context: Record<string, unknown>) {
  return readSettings(new App({ context }).node);
}

describe('deployment settings', () => {
  it('derives the mail identity and addresses from the app URL', () => {
    const settings = settingsWith({ appUrl: 'https://canvas.example.org/' });
    expect(settings.appUrl).toBe('https://canvas.example.org');
    expect(settings.mailIdentity).toBe('canvas.example.org');
    expect(settings.mailFrom).toBe('Family Canvas <no-reply@canvas.example.org>');
    expect(settings.contactTo).toBe('team@canvas.example.org');
  });

  it('takes an address as the identity and mails from its domain', () => {
    const settings = settingsWith({ mailIdentity: 'owner@example.net' });
    expect(mailDomainOf(settings.mailIdentity)).toBe('example.net');
    expect(settings.mailFrom).toBe('Family Canvas <no-reply@example.net>');
  });

  it('prefers context over the environment for account and region', () => {
    expect(settingsWith({ account: '222222222222', region: 'eu-west-1' })).toMatchObject({ account: '222222222222', region: 'eu-west-1' });
  });

  it('refuses an unknown log level', () => {
    expect(() => settingsWith({ logLevel: 'verbose' })).toThrow(/logLevel/);
  });
});
