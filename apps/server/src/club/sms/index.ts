import type { SmsGateway } from '../ports.js';

// PLACEHOLDER: the HTTP gateway adapter (owner: auth/infra).
export function smsFromEnv(_env: NodeJS.ProcessEnv): SmsGateway | null {
  return null;
}
