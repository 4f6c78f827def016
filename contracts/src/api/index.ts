// Every endpoint's schemas, grouped by domain. The server registers its routes from these objects.
export * from './common';
export * from './tags';
export * from './forecast';
export * from './integrations';
export * from './rc';
export * from './analytics';
export * from './ev';
