import type { ChatTranslate } from '../../i18n/chat.ts';
import { prettyText } from './tool-call-format.ts';

/** Tool arguments or a result in a preformatted block; JSON pretty-printed, and a note when it was too deep to show. */
export function PrettyBlock({ text, className, t }: { text: string; className: string; t: ChatTranslate }) {
  const shown = prettyText(text);
  return (
    <>
      <pre className={className}>{shown.text}</pre>
      {shown.cutDepth === undefined ? null : (
        <p data-testid="nested-too-deep" className="mt-1 text-xs text-amber-800 dark:text-amber-300">
          {t('nestedTooDeep', { levels: shown.cutDepth.toLocaleString('en-US') })}
        </p>
      )}
    </>
  );
}
