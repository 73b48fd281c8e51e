import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export type MailStackProps = StackProps & {
  /** A domain (DKIM records to publish are output) or a single e-mail address. */
  mailIdentity: string;
};

/**
 * The SES identity every e-mail is sent from. The stack does not touch DNS: for a domain
 * it outputs the three DKIM CNAME records to publish. A new SES account is in the
 * sandbox and may only send to verified addresses until production access is granted.
 */
export class MailStack extends Stack {
  readonly identity: ses.EmailIdentity;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const isAddress = props.mailIdentity.includes('@');

    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: isAddress ? ses.Identity.email(props.mailIdentity) : ses.Identity.domain(props.mailIdentity),
    });

    if (!isAddress) {
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          description: `DKIM CNAME ${index + 1} to publish for ${props.mailIdentity}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
  }
}
