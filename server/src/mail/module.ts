// mail: the outbox's secrets cleared once delivered (068_outbox_secrets). The outbox table itself came
// with identity (003_identity); mail has no API.
import { serverModule } from '../server-module';
import { outboxSecretsMigration } from './migrations/068-outbox-secrets';

export const mailModule = serverModule({
  name: 'mail',
  migrations: {
    '068_outbox_secrets': outboxSecretsMigration,
  },
});
