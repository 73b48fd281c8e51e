import fs from 'node:fs';
import path from 'node:path';
import { CfnOutput, DefaultStackSynthesizer, Duration, RemovalPolicy, SecretValue, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { spaRoutingFunctionCode } from '../constructs/spa-routing';
import { originSecretHeader } from '../../functions/lib/origin-secret';
import { apiBasePath, idempotencyKeyHeader, liveChannel } from '../../shared/routes';
import { contentSecurityPolicy, permissionsPolicy } from '../security-headers';

export type WebStackProps = StackProps & {
  /** The host `/api` goes to: the API's custom domain where one is given, else its execute-api host (infra/stacks/api-stack.ts originDomainName). */
  apiOriginDomainName: string;
  /** The live channel: `/ws` goes to its stage `ws`. */
  webSocketApi: apigwv2.IWebSocketApi;
  /** The built SPA (web/dist); undefined when it has not been built, then nothing is uploaded. */
  webDistPath: string | undefined;
  /** A custom domain for the distribution: appUrl's host and its us-east-1 certificate. */
  customDomain?: { domainName: string; certificateArn: string };
  /** The AWS WAF web ACL (infra/stacks/waf-stack.ts, context `waf=true`); none by default. */
  webAclArn?: string;
  /** The origin secret CloudFront adds to every request to the API origins (infra/stacks/api-stack.ts). */
  originSecret: secretsmanager.ISecret;
};

/**
 * The viewer headers the functions read (functions/http/http.ts, client-address.ts, a retried
 * write's key in functions/http/idempotency.ts, the live `$connect`), and CloudFront-Viewer-Address, which CloudFront adds only when a policy names
 * it. Host never goes (API Gateway would not know the request as its own); cookies and query
 * strings all go. `/api` also forwards `Accept-Encoding` (apiRequestHeaders): the API compresses.
 */
export const apiViewerHeaders = ['Origin', 'Sec-Fetch-Site', 'Content-Type', 'User-Agent', 'X-Correlation-Id', idempotencyKeyHeader] as const;
/** The WebSocket handshake's own headers besides: API Gateway needs Sec-WebSocket-Key and -Version. */
export const liveViewerHeaders = [
  'Origin',
  'User-Agent',
  'Sec-WebSocket-Key',
  'Sec-WebSocket-Version',
  'Sec-WebSocket-Protocol',
  'Sec-WebSocket-Extensions',
] as const;
/** CloudFront's header with the viewer's address and port (functions/lib/client-address.ts reads it lower-cased). */
export const viewerAddressHeaderName = 'CloudFront-Viewer-Address';
/**
 * What `/api`'s policy names. CDK's allowList refuses `Accept-Encoding` ("use a CachePolicy"),
 * but CachingDisabled enables neither gzip nor brotli, and then CloudFront treats
 * `Accept-Encoding` like any viewer header, forwarded when the origin request policy names it:
 * the API compresses its own answers (functions/http/http.ts), as it did under
 * AllViewerExceptHostHeader. Set through the policy's CloudFormation property.
 */
export const apiRequestHeaders = [...apiViewerHeaders, 'Accept-Encoding', viewerAddressHeaderName] as const;
/** The custom origin header that carries the origin secret. */
export const originSecretHeaderName = originSecretHeader;

/**
 * The SPA from a private S3 bucket behind CloudFront, and `/api/*` on the same
 * distribution forwarded to the HTTP API, so the session cookie stays first-party.
 */
export class WebStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logBucket = new s3.Bucket(this, 'AccessLogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with an ACL grant, so ACLs must stay enabled here.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access log bucket itself; logging its own access would log the log writes.',
    });

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 's3-site/',
      // Kept on stack deletion: CloudFormation cannot delete a non-empty bucket, and
      // emptying it would need one more custom-resource Lambda.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Family Canvas security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }],
      },
    });

    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      comment: 'Serves the prerendered public pages, and index.html for the other client-side routes of the SPA',
      code: cloudfront.FunctionCode.fromInline(spaRoutingFunctionCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // CloudFront cannot read Secrets Manager at run time: a CloudFormation dynamic reference puts
    // the value into the origins at deployment. Context `originSecretVersion` (a VersionId) pins
    // a version, so a rotation changes the template and a redeploy sends the new value
    // (docs/security.md); the functions accept the current and the previous one meanwhile.
    const originSecretVersion: unknown = this.node.tryGetContext('originSecretVersion');
    const originSecretValue = SecretValue.secretsManager(props.originSecret.secretArn, {
      ...(typeof originSecretVersion === 'string' && originSecretVersion !== '' ? { versionId: originSecretVersion } : {}),
    }).unsafeUnwrap();
    const fromDistribution = { [originSecretHeaderName]: originSecretValue };
    const requestPolicy = (id: string, comment: string, headers: readonly string[]) =>
      new cloudfront.OriginRequestPolicy(this, id, {
        comment,
        headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...headers, viewerAddressHeaderName),
        cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
        queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      });
    const apiRequests = requestPolicy('ApiRequests', 'Family Canvas /api: the headers the API reads and the viewer address', apiViewerHeaders);
    (apiRequests.node.defaultChild as cloudfront.CfnOriginRequestPolicy).addPropertyOverride('OriginRequestPolicyConfig.HeadersConfig.Headers', [
      ...apiRequestHeaders,
    ]);
    const liveRequests = requestPolicy('LiveRequests', 'Family Canvas /ws: the handshake headers and the viewer address', liveViewerHeaders);

    const apiOrigin = new origins.HttpOrigin(props.apiOriginDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: fromDistribution,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Family Canvas',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${apiBasePath}/*`]: {
          origin: apiOrigin,
          // A redirect would turn a POST into a GET: plain http is refused instead.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Cookies, query strings, the headers the API reads and the viewer's address reach the
          // API; Host must not, or API Gateway would not recognise the request as its own.
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: securityHeaders,
        },
        // The live channel on the app's own origin: CloudFront passes the WebSocket upgrade
        // through. The path /ws is the API's stage; the cookie, the Origin (which $connect
        // checks), the query string, the Sec-WebSocket-* headers, the viewer's address and the
        // origin secret go along; Host must not.
        [liveChannel.path]: {
          origin: new origins.HttpOrigin(`${props.webSocketApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            customHeaders: fromDistribution,
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: liveRequests,
        },
      },
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Families and their advisors may be anywhere; there is no country the product must refuse.',
    });
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'WAF is off in this deployment (a fixed monthly cost per ACL and rule): the HTTP API stage throttles and the handlers cap body sizes. Deploy with `-c waf=true` for AWS managed rules and a rate rule on /api/auth/*.',
      });
    }
    if (!props.customDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose minimum protocol cannot be set. Setting certificateArn enables TLSv1.2_2021.',
      });
    }

    if (props.webDistPath) this.deploySite(props.webDistPath);

    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'SiteBucketName', { value: this.bucket.bucketName });
  }

  /**
   * Uploads the build in two parts: hashed files under assets/ are immutable and cached
   * for a year; everything else (index.html above all) is revalidated on every load and
   * invalidated at CloudFront, so a deployment shows at once. Old assets are kept
   * (prune: false) for browsers still holding the previous index.html.
   */
  private deploySite(distPath: string): void {
    const assetsPath = path.join(distPath, 'assets');
    if (fs.existsSync(assetsPath)) {
      new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(assetsPath)],
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'assets/',
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      });
    }
    new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [s3deploy.Source.asset(distPath, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    this.acknowledgeDeploymentProvider();
  }

  /**
   * BucketDeployment runs a CDK-owned provider Lambda (one per stack) during deployments
   * only. Its role and runtime are CDK's choice; the findings on it are acknowledged on
   * that provider alone, one exact id each.
   */
  private acknowledgeDeploymentProvider(): void {
    const provider = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!provider) throw new Error('BucketDeployment provider not found: the acknowledgements need a new home');
    const assetBucket = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${this.account}-${this.region}`;
    const siteBucketId = this.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket);
    const s3Actions = 'CDK grants its standard S3 read (asset bucket) and read-write (site bucket) action groups; each is limited to those two buckets.';
    Validations.of(provider).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The CDK deployment provider writes its logs through the managed basic execution policy; it runs only while a deployment uploads the SPA.',
      },
      { id: 'AwsSolutions-IAM5[Action::s3:GetBucket*]', reason: s3Actions },
      { id: 'AwsSolutions-IAM5[Action::s3:GetObject*]', reason: s3Actions },
      { id: 'AwsSolutions-IAM5[Action::s3:List*]', reason: s3Actions },
      { id: 'AwsSolutions-IAM5[Action::s3:Abort*]', reason: s3Actions },
      { id: 'AwsSolutions-IAM5[Action::s3:DeleteObject*]', reason: s3Actions },
      {
        id: `AwsSolutions-IAM5[Resource::arn:aws:s3:::${assetBucket}/*]`,
        reason: 'The provider reads the uploaded build archive from the CDK bootstrap asset bucket; asset keys are content hashes known only at deployment.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`,
        reason: 'Writing any key of the site bucket is the purpose of the deployment.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'cloudfront:CreateInvalidation/GetInvalidation, which BucketDeployment grants on "*", to invalidate the distribution after an upload.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'The provider runtime (Python) is pinned by aws-cdk-lib and moves with CDK upgrades; it is not our code.',
      },
    );
  }
}

/** The SPA build to upload, if there is one: synth must work before `npm run build:web`. */
export function findWebDist(repositoryRoot: string): string | undefined {
  const distPath = path.join(repositoryRoot, 'web', 'dist');
  return fs.existsSync(path.join(distPath, 'index.html')) ? distPath : undefined;
}
