import { useState } from 'react';
import { ACCEPTED_FORMATS, MAX_KNOWLEDGE_LABEL } from '../../knowledge/accept-file.ts';
import type { KnowledgeKey } from '../../i18n/knowledge.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { KnowledgeRefusal } from './use-knowledge-library.ts';

export const SMALL_BUTTON =
  'rounded-md border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';

/** Why a file was not added, in the dialog's language. */
export function refusalMessage({ file, refusal }: KnowledgeRefusal, t: Translate<KnowledgeKey>): string {
  const name = file.name;
  switch (refusal.kind) {
    case 'password':
      return t(refusal.wrong ? 'wrongPassword' : 'needsPassword', { name });
    case 'too-large':
      return t('refusedTooLarge', { name, limit: MAX_KNOWLEDGE_LABEL });
    case 'unsupported':
      return t('refusedType', { name, types: ACCEPTED_FORMATS });
    case 'unreadable':
      return t('refusedUnreadable', { name, detail: refusal.detail });
    case 'storage':
      return t('storageFailed', { name, error: refusal.detail });
  }
}

/** A refused file: the reason, Dismiss, and for a protected PDF a password field to try again. */
export function RefusalItem(props: {
  refusal: KnowledgeRefusal;
  t: Translate<KnowledgeKey>;
  onDismiss: () => void;
  onPassword: (file: File, password: string) => void;
}) {
  const { refusal, t } = props;
  const [password, setPassword] = useState('');
  const asksPassword = refusal.refusal.kind === 'password';
  return (
    <li className="flex flex-wrap items-center gap-2 py-1">
      <span className="min-w-0 flex-1">{refusalMessage(refusal, t)}</span>
      {asksPassword ? (
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            props.onPassword(refusal.file, password);
          }}
        >
          <input
            type="password"
            aria-label={t('password')}
            placeholder={t('password')}
            className="rounded border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-600 dark:bg-slate-900"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className={SMALL_BUTTON}>
            {t('openWithPassword')}
          </button>
        </form>
      ) : null}
      <button type="button" className={SMALL_BUTTON} onClick={props.onDismiss}>
        {asksPassword ? t('skip') : t('dismiss')}
      </button>
    </li>
  );
}
