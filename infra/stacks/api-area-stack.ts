import { Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { AppFunction } from '../constructs/app-function';
import type { LiveChannel } from '../constructs/live-channel';
import type { ApiArea, RouteGroupName } from '../../shared/routes';
import { addRouteGroups, routeAuthorizationAcknowledgement, type RouteGroupResources } from './api-stack';

export type ApiAreaStackProps = StackProps &
  RouteGroupResources & {
    /** The product area whose route groups this stack serves (shared/routes.ts routeGroupAreas). */
    area: ApiArea;
    groups: readonly RouteGroupName[];
    /** The Api stack's HTTP API: the routes are added to it, its `$default` stage deploys them (autoDeploy). */
    httpApi: apigwv2.IHttpApi;
    originSecret: secretsmanager.ISecret;
    live: LiveChannel;
  };

/**
 * The route groups of one product area beside the Api stack, so each stack stays well under
 * CloudFormation's 500 resources (tests/infra/stacks.test.ts holds every stack to 400): the
 * groups' functions, integrations and routes, on the Api stack's HTTP API. It depends on the
 * Api stack (the API, the origin secret, the live channel), never the other way round.
 */
export class ApiAreaStack extends Stack {
  readonly area: ApiArea;
  readonly functions: ReadonlyMap<RouteGroupName, AppFunction>;

  constructor(scope: Construct, id: string, props: ApiAreaStackProps) {
    super(scope, id, props);
    this.area = props.area;
    const routes = new Construct(this, 'Routes');
    this.functions = addRouteGroups(this, routes, props.groups, props).functions;
    Validations.of(routes).acknowledge(routeAuthorizationAcknowledgement);
  }
}
