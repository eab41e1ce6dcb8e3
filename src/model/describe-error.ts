import { renderText, type TextRef } from './message-text.ts';
import type { ModelError } from './model-error.ts';

/** The endpoint a failed call went to. */
export interface ErrorContext {
  baseUrl: string;
  provider: string;
  model: string;
}

/** A failure in plain words: what happened and what the user can do about it. */
export interface ErrorDescription {
  title: string;
  advice: string;
}

/**
 * The English wording of model failures. src/i18n/model-errors.ts adds the Chinese table for the same keys;
 * {@link describeModelErrorText} says which ones apply.
 */
export const modelErrorEnglish = {
  said: 'The endpoint said: “{message}”',
  'wait.second': '1 second',
  'wait.seconds': '{count} seconds',
  'wait.minutes': '{count} minutes',
  'wait.hour': 'about 1 hour',
  'wait.hours': 'about {count} hours',
  'models.offered': 'Models this endpoint offers: {models}.',
  'models.offeredMore': 'Models this endpoint offers: {models} and {more} more.',
  'auth.denied.title': 'Access denied by the endpoint',
  'auth.denied.advice':
    'The API key was accepted but is not allowed to use “{model}” at {baseUrl}. Check the key’s permissions, project or organisation, or pick another model.',
  'auth.title': 'The API key was rejected',
  'auth.advice':
    'Check the API key in Settings: it may be missing, mistyped, revoked, or meant for a different provider than {baseUrl}.',
  'notFound.title': 'Model “{model}” or endpoint not found',
  'notFound.advice':
    'The endpoint at {baseUrl} does not know the model “{model}”, or the base URL is wrong (it usually ends in /v1). Check both in Settings.',
  'notFound.pull': 'If the model is not downloaded yet, run `ollama pull {model}`.',
  'contextLength.title': 'The conversation is too long for the model',
  'contextLength.advice':
    'The messages no longer fit in the model’s context window. Compact the conversation or start a new session. If the model supports a larger context, raise it on the server and in Settings.',
  'toolsUnsupported.title': 'This model or server cannot use tools',
  'toolsUnsupported.advice':
    'Set the protocol to text (ReAct) in Settings, or choose a model with tool support. llama.cpp needs `llama-server --jinja`; vLLM needs `--enable-auto-tool-choice --tool-call-parser …`.',
  'rateLimit.title': 'Rate limit reached',
  'rateLimit.wait': 'The endpoint asks to wait {wait} before the next request. Try again after that.',
  'rateLimit.advice': 'Too many requests for now. Wait a moment and try again.',
  'quota.title': 'Quota or billing limit reached',
  'quota.tooLarge':
    'This request is larger than the account’s limit allows, so waiting will not help. Compact the conversation, start a new session, or use a plan with higher limits.',
  'quota.advice':
    'Waiting will not help: the account has run out of quota or credit. Check the plan and billing details with the provider.',
  'badRequest.title': 'The endpoint rejected the request',
  'badRequest.advice': 'Check the model name and the request settings (such as temperature).',
  'server.brokenTitle': 'The model server sent a broken answer',
  'server.title': 'The model server failed (HTTP {status})',
  'server.advice':
    'The problem is on the server’s side at {baseUrl}. Try again in a moment; if it keeps failing, check the server’s logs or status page.',
  'server.wait':
    'The problem is on the server’s side at {baseUrl}. It asks to wait {wait} before trying again; if it keeps failing, check the server’s logs or status page.',
  'network.title': 'Cannot reach the endpoint',
  'network.advice':
    'The browser could not get an answer from {baseUrl}. Check that the server is running and the base URL is right. If it is running, the browser is probably blocking it because the server does not allow cross-origin (CORS) requests from this page.',
  'network.ollama':
    'Ollama: set the environment variable OLLAMA_ORIGINS=* (or this page’s origin) for the Ollama server, then restart `ollama serve` (or the Ollama app).',
  'network.lmStudio':
    'LM Studio: turn on “Enable CORS” in the server settings (Developer tab), then restart the server.',
  'network.others': 'Other servers need this page’s origin in their CORS settings.',
  'network.mixedContent': 'Note that a page served over https cannot call a plain http address other than localhost.',
  'timeout.title': 'The model took too long to answer',
  'timeout.advice':
    'No answer arrived within the request timeout. Local models can be slow to load or generate: raise the request timeout in Settings, try a smaller model, or check that the server is not stuck.',
  'stream.title': 'The endpoint reported an error mid-answer',
  'stream.toolUseFailed':
    'The model produced a tool call the server could not validate. Try again, or use a model that is better at tool use.',
  'stream.advice':
    'The answer stopped with an error from the server. Try again; if it repeats, shorten the conversation or try another model.',
  'localModel.title': 'The model in this browser could not run',
  'localModel.advice':
    'Check the model file in Settings (a .gguf file, completely downloaded) or choose a smaller one.',
  'aborted.title': 'Stopped',
  'aborted.advice': 'The request was stopped before the model finished.',
} as const;

/** A key of the model-failure wording. */
export type ModelErrorTextKey = keyof typeof modelErrorEnglish;

type Text = TextRef<ModelErrorTextKey>;

/** A failure as messages: a title and the sentences of the advice. */
export interface ErrorDescriptionText {
  title: Text;
  advice: Text[];
}

const MAX_LISTED_MODELS = 12;

/** "45 seconds", "3 minutes", "about 24 hours", as a message. */
export function waitText(ms: number): Text {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return seconds === 1 ? { key: 'wait.second' } : { key: 'wait.seconds', values: { count: seconds } };
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return { key: 'wait.minutes', values: { count: minutes } };
  const hours = Math.round(minutes / 60);
  return hours === 1 ? { key: 'wait.hour' } : { key: 'wait.hours', values: { count: hours } };
}

/** "45 seconds", "3 minutes", "about 24 hours". */
export function formatWait(ms: number): string {
  return renderText(modelErrorEnglish, waitText(ms));
}

function isOllama(context: ErrorContext): boolean {
  return /ollama/i.test(context.provider) || /:11434\b/.test(context.baseUrl);
}

function isLmStudio(context: ErrorContext): boolean {
  return /lm[ -]?studio/i.test(context.provider) || /:1234\b/.test(context.baseUrl);
}

function isLocalhost(baseUrl: string): boolean {
  return /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/i.test(baseUrl);
}

const said = (message: string): Text => ({ key: 'said', values: { message } });

function modelList(models: string[] | undefined): Text[] {
  if (!models || models.length === 0) return [];
  const shown = models.slice(0, MAX_LISTED_MODELS).join(', ');
  if (models.length <= MAX_LISTED_MODELS) return [{ key: 'models.offered', values: { models: shown } }];
  return [{ key: 'models.offeredMore', values: { models: shown, more: models.length - MAX_LISTED_MODELS } }];
}

function corsAdvice(context: ErrorContext): Text[] {
  const ollama: Text = { key: 'network.ollama' };
  const lmStudio: Text = { key: 'network.lmStudio' };
  const fixes = isLmStudio(context) && !isOllama(context) ? [lmStudio, ollama] : [ollama, lmStudio];
  const mixedContent: Text[] =
    context.baseUrl.startsWith('http://') && !isLocalhost(context.baseUrl) ? [{ key: 'network.mixedContent' }] : [];
  return [
    { key: 'network.advice', values: { baseUrl: context.baseUrl } },
    ...fixes,
    { key: 'network.others' },
    ...mixedContent,
  ];
}

/** The in-browser model's failure: what the runtime said, and to check the file. */
function localModelText(message: string): ErrorDescriptionText {
  return { title: { key: 'localModel.title' }, advice: [{ key: 'localModel.advice' }, said(message)] };
}

/** Turns a classified model failure into a title and actionable advice, as messages any language can render. */
export function describeModelErrorText(error: ModelError, context: ErrorContext): ErrorDescriptionText {
  return error.kind === 'local-model'
    ? localModelText(error.message)
    : endpointErrorText(error as EndpointError, context);
}

/** A failure of a call to an endpoint (every kind but the in-browser model's). */
type EndpointError = ModelError & { kind: Exclude<ModelError['kind'], 'local-model'> };

function endpointErrorText(error: EndpointError, context: ErrorContext): ErrorDescriptionText {
  const { baseUrl, model } = context;
  switch (error.kind) {
    case 'auth':
      if (error.status === 403) {
        return {
          title: { key: 'auth.denied.title' },
          advice: [{ key: 'auth.denied.advice', values: { model, baseUrl } }, said(error.message)],
        };
      }
      return {
        title: { key: 'auth.title' },
        advice: [{ key: 'auth.advice', values: { baseUrl } }, said(error.message)],
      };
    case 'not-found':
      return {
        title: { key: 'notFound.title', values: { model } },
        advice: [
          { key: 'notFound.advice', values: { model, baseUrl } },
          ...(isOllama(context) ? [{ key: 'notFound.pull', values: { model } } as Text] : []),
          ...modelList(error.availableModels),
          said(error.message),
        ],
      };
    case 'context-length':
      return { title: { key: 'contextLength.title' }, advice: [{ key: 'contextLength.advice' }, said(error.message)] };
    case 'tools-unsupported':
      return {
        title: { key: 'toolsUnsupported.title' },
        advice: [{ key: 'toolsUnsupported.advice' }, said(error.message)],
      };
    case 'rate-limit':
      return {
        title: { key: 'rateLimit.title' },
        advice: [
          error.retryAfterMs !== undefined
            ? { key: 'rateLimit.wait', values: { wait: waitText(error.retryAfterMs) } }
            : { key: 'rateLimit.advice' },
          said(error.message),
        ],
      };
    case 'quota':
      return {
        title: { key: 'quota.title' },
        advice: [
          { key: /too large|larger than/i.test(error.message) ? 'quota.tooLarge' : 'quota.advice' },
          said(error.message),
        ],
      };
    case 'bad-request':
      return { title: { key: 'badRequest.title' }, advice: [{ key: 'badRequest.advice' }, said(error.message)] };
    case 'server':
      return {
        title:
          error.status === undefined
            ? { key: 'server.brokenTitle' }
            : { key: 'server.title', values: { status: error.status } },
        advice: [
          error.retryAfterMs === undefined
            ? { key: 'server.advice', values: { baseUrl } }
            : { key: 'server.wait', values: { baseUrl, wait: waitText(error.retryAfterMs) } },
          said(error.message),
        ],
      };
    case 'network':
      return { title: { key: 'network.title' }, advice: corsAdvice(context) };
    case 'timeout':
      return { title: { key: 'timeout.title' }, advice: [{ key: 'timeout.advice' }] };
    case 'stream':
      return {
        title: { key: 'stream.title' },
        advice: [
          { key: error.code === 'tool_use_failed' ? 'stream.toolUseFailed' : 'stream.advice' },
          said(error.message),
        ],
      };
    case 'aborted':
      return { title: { key: 'aborted.title' }, advice: [{ key: 'aborted.advice' }] };
  }
}

/** Renders a failure's description with one table (English here; the UI passes its language's). */
export function renderErrorDescription(
  text: ErrorDescriptionText,
  table: Readonly<Record<ModelErrorTextKey, string>> = modelErrorEnglish,
  separator = ' ',
): ErrorDescription {
  return { title: renderText(table, text.title), advice: renderText(table, text.advice, separator) };
}

/** Turns a classified model failure into a title and actionable advice, in English (spans, logs, tests). */
export function describeModelError(error: ModelError, context: ErrorContext): ErrorDescription {
  return renderErrorDescription(describeModelErrorText(error, context));
}
