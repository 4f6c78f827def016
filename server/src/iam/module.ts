// iam: the organisation's users and roles, and the permission catalogue (iam/*).
import { apiModule } from '../http/api-module';
import type { IamDeps } from './invite';
import { roleHandlers } from './role-routes';
import { iamUserHandlers } from './user-routes';

export const iamModule = apiModule('iam', (deps: IamDeps) => ({ ...iamUserHandlers(deps), ...roleHandlers(deps) }));
