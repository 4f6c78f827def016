// How big a request body may be. Every route takes API_BODY_LIMIT unless it states its own
// `bodyLimit`: a route that takes a file (a CSV import) states UPLOAD_BODY_LIMIT. Over the limit the
// answer is 413 PayloadTooLarge in the error shape, with the route's limit in `details.limitBytes`.
export const API_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;
