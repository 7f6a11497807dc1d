/** Domains whose mail lands in one Gmail box whatever dots the local part has (googlemail.com is gmail.com). */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);
/** Yandex's domains are one mailbox each, and Yandex reads a dot in the local part as a hyphen. */
const YANDEX = new Set(['yandex.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua', 'ya.ru']);

/**
 * The mailbox an address delivers to, for the limits on sign-in letters (issue 23 point 12: forty
 * plus-tagged addresses were forty letters into one box). Lower case; a `+tag` is dropped for
 * every domain (the big providers all deliver it to the untagged box, and a stricter limit costs
 * an honest user nothing); Gmail's dots dropped; Yandex's dots read as hyphens and its domains
 * as one. The account itself keeps the address as typed (lower-cased): this key is only counted.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at).split('+')[0]!;
  let domain = address.slice(at + 1);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  } else if (YANDEX.has(domain)) {
    local = local.replaceAll('.', '-');
    domain = 'yandex.ru';
  }
  return `${local || address.slice(0, at)}@${domain}`;
}
