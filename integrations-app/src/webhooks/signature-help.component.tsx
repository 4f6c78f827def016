// How a receiver checks a delivery: the header's timestamp and HMAC-SHA256 of "timestamp.body".
import { Pre } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from '@helio/contracts/limits';

const EXAMPLE = `const [t, v1] = header.split(',').map((p) => p.split('=')[1]);
const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= ${WEBHOOK_TOLERANCE_SECONDS};
const valid = fresh && crypto.timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));`;

export function SignatureHelp() {
  const { t } = useTranslation('integrations-app');
  return (
    <div className="helio-integrations-help">
      <p>{t('webhooks.verify', { header: WEBHOOK_SIGNATURE_HEADER, seconds: WEBHOOK_TOLERANCE_SECONDS })}</p>
      <Pre>{EXAMPLE}</Pre>
    </div>
  );
}
