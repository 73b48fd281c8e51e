import { type CfnResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import { logRetentionDays } from '../log-retention';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { journalInsertFilterPattern } from '../../functions/domain/live/journal-stream';
import { liveChannel } from '../../shared/routes';
import { plannedLiveThrottle } from '../traffic-plan';
import { AppFunction } from './app-function';
import { DeadLetterQueue } from './dead-letter-queue';
import { grantTableAccess } from './table-access';

export type LiveChannelProps = {
  table: dynamodb.ITable;
  /** What functions/lib/config.ts reads; LIVE_ENDPOINT is added here. */
  environment: Record<string, string>;
  alarmTopic: sns.ITopic;
  /** The origin secret: `$connect` refuses a handshake without it (functions/lib/origin-secret.ts). */
  originSecret: secretsmanager.ISecret;
};

/**
 * The live channel in the cloud (docs/architecture.md#live-channel): an API Gateway WebSocket API,
 * stage `ws` (CloudFront sends `/ws` to it, infra/stacks/web-stack.ts), its three routes on
 * one Lambda (functions/live/handler.ts), and the sender (functions/live/sender.ts) on the
 * table's stream, filtered to new journal events (the same pattern the local poller
 * applies), with retries and a dead-letter queue. Whoever sends to sockets gets
 * LIVE_ENDPOINT and may manage this API's connections, and nothing else of it.
 */
export class LiveChannel extends Construct {
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  readonly handler: AppFunction;
  readonly sender: AppFunction | undefined;
  readonly deadLetterQueue: DeadLetterQueue;
  /** The connection management API the handlers call (`@connections`). */
  readonly endpoint: string;

  constructor(scope: Construct, id: string, props: LiveChannelProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.webSocketApi = new apigwv2.WebSocketApi(this, 'Api', {
      description: 'Family Canvas live channel (/ws), reached through CloudFront',
      routeSelectionExpression: '$request.body.action',
    });
    // Built from the API id and the fixed stage name, not from the stage: the handler's
    // environment must not depend on the deployment that depends on the handler.
    this.endpoint = `https://${this.webSocketApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${liveChannel.stage}`;
    const environment = { ...props.environment, LIVE_ENDPOINT: this.endpoint };

    this.handler = new AppFunction(this, 'Handler', {
      entry: liveChannel.entry,
      description: 'Family Canvas live channel: $connect, $disconnect, $default',
      environment: { ...environment, ORIGIN_SECRET_ARN: props.originSecret.secretArn },
    });
    props.originSecret.grantRead(this.handler.function);
    grantTableAccess(this.handler.function, props.table, 'readWrite');
    this.grantSend(this.handler.function);
    const integration = new WebSocketLambdaIntegration('Integration', this.handler.alias);
    const routes = liveChannel.routeKeys.map((routeKey) => ({ routeKey, route: this.webSocketApi.addRoute(routeKey, { integration }) }));

    const liveThrottle = plannedLiveThrottle();
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logRetentionDays as logs.RetentionDays, removalPolicy: RemovalPolicy.RETAIN });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: liveChannel.stage,
      autoDeploy: true,
      // Every route: ten times the plan's busiest minute of presence and pings, within the account's quota (docs/capacity.md "Live channel").
      throttle: liveThrottle.stage,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            route: '$context.routeKey',
            eventType: '$context.eventType',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    // `$connect` (a session look-up, an access decision and a broadcast each): its own bucket, within the account's new connections a second.
    (this.stage.node.defaultChild as apigwv2.CfnStage).routeSettings = {
      $connect: { ThrottlingRateLimit: liveThrottle.connect.rateLimit, ThrottlingBurstLimit: liveThrottle.connect.burstLimit },
    };
    // Route settings name a route that exists: the stage comes after it.
    for (const { routeKey, route } of routes) if (routeKey === '$connect') this.stage.node.addDependency(route);
    Validations.of(this.webSocketApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The $connect handler authenticates the handshake itself: the session cookie (the one session module), the exact app Origin and the right to read the canvas, refusing with 401/403 before any message; $default and $disconnect only exist on a connection that passed it. An authorizer would add a second session look-up.',
    });

    this.deadLetterQueue = new DeadLetterQueue(this, 'SenderDlq', {
      purpose: 'live sender (journal stream batches it could not send)',
      alarmTopic: props.alarmTopic,
    });
    if (!props.table.tableStreamArn) {
      // A restored table without its stream ARN given: no live events until it is (docs/operations.md "Restore").
      this.sender = undefined;
      return;
    }
    this.sender = new AppFunction(this, 'Sender', {
      entry: liveChannel.senderEntry,
      description: 'Family Canvas live sender: journal stream to sockets',
      environment,
      timeout: Duration.seconds(30),
    });
    grantTableAccess(this.sender.function, props.table, 'readWrite');
    this.grantSend(this.sender.function);
    // The stream invokes the `live` alias, which a release shifts (infra/constructs/app-function.ts).
    this.sender.alias.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 100,
        // Each shard's batches one at a time: a canvas's events stay in journal order.
        parallelizationFactor: 1,
        maxBatchingWindow: Duration.seconds(0),
        retryAttempts: 2,
        bisectBatchOnError: true,
        maxRecordAge: Duration.minutes(5),
        onFailure: new SqsDlq(this.deadLetterQueue.queue),
        filters: [lambda.FilterCriteria.filter(journalInsertFilterPattern as unknown as Record<string, unknown>)],
      }),
    );
  }

  /**
   * Lets a function send to (POST) and close (DELETE) the sockets of this API's stage, and
   * nothing else of it. Connection ids exist only at run time, hence `@connections/*`.
   */
  grantSend(grantee: IGrantable & { role?: iam.IRole }): void {
    const stack = Stack.of(this);
    const connections = (method: string) =>
      stack.formatArn({ service: 'execute-api', resource: this.webSocketApi.apiId, resourceName: `${liveChannel.stage}/${method}/@connections/*` });
    iam.Grant.addToPrincipal({ grantee, actions: ['execute-api:ManageConnections'], resourceArns: [connections('POST'), connections('DELETE')] });
    const apiId = stack.getLogicalId(this.webSocketApi.node.defaultChild as CfnResource);
    const policy = grantee.role?.node.tryFindChild('DefaultPolicy');
    if (policy) {
      Validations.of(policy).acknowledge(
        ...['POST', 'DELETE'].map((method) => ({
          id: `AwsSolutions-IAM5[Resource::arn:aws:execute-api:${stack.region}:${stack.account}:<${apiId}>/${liveChannel.stage}/${method}/@connections/*]`,
          reason: 'A connection id exists only at run time: the grant covers sending to and closing the sockets of this one API stage, nothing else of it.',
        })),
      );
    }
  }
}
