import { useState } from 'react';
import { BlockedIcon, ImageIcon } from '../components/icons.tsx';
import { urlHost } from './safe-url.ts';
import { useChatTranslate } from './translate-context.ts';

/** Props of {@link RemoteImage}: `src` has already been through `safeImageUrl` (empty when unsafe). */
export interface RemoteImageProps {
  src: string;
  alt: string;
  title?: string;
}

/**
 * An image from model output. Fetching it would tell its host that (and when) the message was read,
 * so it stays a placeholder button until the user asks for it.
 */
export function RemoteImage({ src, alt, title }: RemoteImageProps) {
  const t = useChatTranslate();
  const [state, setState] = useState<'placeholder' | 'loading' | 'failed'>('placeholder');

  if (!src) {
    return (
      <span className="inline-flex items-center gap-1 rounded border border-dashed border-zinc-300 px-2 py-0.5 text-xs text-zinc-500 dark:border-zinc-600 dark:text-zinc-400">
        <BlockedIcon className="size-3.5" />
        {t('imageRemoved')}
        {alt ? `: ${alt}` : ''}
      </span>
    );
  }

  const host = urlHost(src);
  if (state === 'placeholder') {
    const name = host ? `Load image from ${host}` : 'Load image';
    return (
      <button
        type="button"
        aria-label={name}
        title={t('imageNotLoadedHint')}
        onClick={() => setState('loading')}
        className="my-1 inline-flex max-w-full items-center gap-2 rounded-md border border-dashed border-zinc-300 px-3 py-2 text-left text-xs text-zinc-600 hover:border-indigo-400 hover:text-indigo-700 dark:border-zinc-600 dark:text-zinc-300 dark:hover:border-indigo-400 dark:hover:text-indigo-300"
      >
        <ImageIcon className="size-4 shrink-0" />
        <span className="min-w-0">
          <span className="block truncate">{host ? t('loadImage', { host }) : t('loadImageUnknownHost')}</span>
          {/* The whole address, query string included: what loading it would send is the user's to see first. */}
          <span data-testid="image-address" translate="no" className="block break-all font-mono text-[11px]">
            {src}
          </span>
          {alt ? <span className="block truncate text-zinc-500 dark:text-zinc-400">{alt}</span> : null}
        </span>
      </button>
    );
  }

  if (state === 'failed') {
    return (
      <span role="note" className="inline-flex items-center gap-1 text-xs text-red-700 dark:text-red-300">
        <BlockedIcon className="size-3.5" />
        {t('imageFailed')}
        {alt ? ` (${alt})` : ''}
      </span>
    );
  }

  return (
    <img
      src={src}
      alt={alt}
      title={title}
      referrerPolicy="no-referrer"
      decoding="async"
      onError={() => setState('failed')}
      className="my-1 max-h-96 max-w-full rounded-md"
    />
  );
}
