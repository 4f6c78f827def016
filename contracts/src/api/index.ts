// Every endpoint's schemas, grouped by domain. The server registers its routes from these objects.
export * from './common';
export * from './tags';
export * from './identity';
export * from './users';
export * from './iam';
export * from './audit';
export * from './plants';
export * from './fleet';
export * from './plant-access';
export * from './plant-devices';
export * from './devices';
export * from './live';
export * from './series';
export * from './spot';
export * from './notifications';
export * from './openapi';
