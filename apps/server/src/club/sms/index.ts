import { DeliveryError, type SmsGateway, type SmsMessage } from '../ports.js';

/** How long the gateway may take to answer before the SMS counts as not sent (and is retried). */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * The SMS gateway of the environment (docs/club-sms.md): null unless SMS_GATEWAY_URL is set, and
 * then invitations go by e-mail only.
 */
export function smsFromEnv(env: NodeJS.ProcessEnv): SmsGateway | null {
  const url = env.SMS_GATEWAY_URL;
  if (!url) return null;
  try {
    new URL(url);
  } catch {
    throw new Error(`SMS_GATEWAY_URL must be a URL, not ${JSON.stringify(url)}`);
  }
  return httpSmsGateway(url, env.SMS_GATEWAY_TOKEN || null);
}

/**
 * POSTs `{to, text}` as JSON to `url` (with `authorization: Bearer <token>` when one is given).
 * 2xx: sent. 4xx: the gateway refused this message (a bad number): permanent, with the gateway's
 * words; but 408 and 429 (slow down) are temporary. 5xx, no answer within SMS_TIMEOUT_MS, a
 * network failure: temporary, retried by the job with back-off.
 */
export function httpSmsGateway(url: string, token: string | null, timeoutMs = SMS_TIMEOUT_MS): SmsGateway {
  return {
    async send(m: SmsMessage) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ to: m.to, text: m.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        const why = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError') ? `no answer within ${timeoutMs / 1000} s` : e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
        throw new DeliveryError(`the SMS to ${m.to} could not be sent now (${why}); it will be retried`, false);
      }
      const body = (await res.text().catch(() => '')).trim().slice(0, 200);
      if (res.ok) return;
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new DeliveryError(`the SMS gateway refused the message to ${m.to} (${res.status}${body ? `: ${body}` : ''})`, true, `${res.status}${body ? ` ${body}` : ''}`);
      throw new DeliveryError(`the SMS gateway failed for ${m.to} (${res.status}${body ? `: ${body}` : ''}); it will be retried`, false);
    },
  };
}
