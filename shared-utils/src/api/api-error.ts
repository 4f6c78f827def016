// The one error every API call rejects with. The server answers {"error":{code,message,details}};
// a server that cannot be reached is status 0 with code 'NetworkError'.
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (details !== undefined) this.details = details;
  }
}

export const NETWORK_ERROR = 'NetworkError';
