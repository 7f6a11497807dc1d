/**
 * Copies `text`: the Clipboard API where the page may use it (https or localhost); else, as on a
 * plain-http LAN address where navigator.clipboard is missing, a hidden textarea and
 * document.execCommand('copy'); and when neither works, selects the text of `show` (the link as
 * shown) so the person can copy it by hand. Says which happened.
 */
export async function copyOrSelect(text: string, show: Element | null): Promise<'copied' | 'selected' | 'failed'> {
  const clip = globalThis.navigator?.clipboard;
  if (clip && globalThis.isSecureContext !== false) {
    try {
      await clip.writeText(text);
      return 'copied';
    } catch {
      // refused (no permission): try the old way
    }
  }
  if (typeof document !== 'undefined' && execCopy(text)) return 'copied';
  return selectContents(show) ? 'selected' : 'failed';
}

function execCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen, so the page does not jump or flash.
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

function selectContents(el: Element | null): boolean {
  const sel = globalThis.getSelection?.();
  if (!el || !sel || typeof document === 'undefined') return false;
  const range = document.createRange();
  range.selectNodeContents(el);
  sel.removeAllRanges();
  sel.addRange(range);
  return true;
}
