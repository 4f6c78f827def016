// What the nav shows of an open alert (the calls are the shared apiPost's, typed by the contract).
import type { Alert } from '@helio/contracts';

export type OpenAlert = Pick<Alert, 'id' | 'plantId' | 'plantName' | 'kind' | 'severity' | 'startedAt'>;
