/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it, else a hidden
 * textarea and `execCommand('copy')` (plain http, older browsers). Resolves to whether it worked.
 */
export async function copyToClipboard(text: string, doc: Document = document): Promise<boolean> {
  const clipboard = doc.defaultView?.navigator.clipboard;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or not a secure context: try the old way.
    }
  }
  return copyWithTextarea(text, doc);
}

function copyWithTextarea(text: string, doc: Document): boolean {
  if (typeof doc.execCommand !== 'function') return false;
  const previousFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  const textarea = doc.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '-1000px';
  textarea.style.opacity = '0';
  doc.body.append(textarea);
  textarea.select();
  let copied = false;
  try {
    copied = doc.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    textarea.remove();
    previousFocus?.focus();
  }
  return copied;
}
