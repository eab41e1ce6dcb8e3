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

const MAX_LISTED_MODELS = 12;

/** "45 seconds", "3 minutes", "about 24 hours". */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
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

function quoted(message: string): string {
  return `The endpoint said: “${message}”`;
}

function modelList(models: string[] | undefined): string {
  if (!models || models.length === 0) return '';
  const shown = models.slice(0, MAX_LISTED_MODELS).join(', ');
  const more = models.length > MAX_LISTED_MODELS ? ` and ${models.length - MAX_LISTED_MODELS} more` : '';
  return ` Models this endpoint offers: ${shown}${more}.`;
}

function corsAdvice(context: ErrorContext): string {
  const ollama =
    'Ollama: set the environment variable OLLAMA_ORIGINS=* (or this page’s origin) for the Ollama server, then restart `ollama serve` (or the Ollama app).';
  const lmStudio = 'LM Studio: turn on “Enable CORS” in the server settings (Developer tab), then restart the server.';
  const fixes = isLmStudio(context) && !isOllama(context) ? [lmStudio, ollama] : [ollama, lmStudio];
  const mixedContent =
    context.baseUrl.startsWith('http://') && !isLocalhost(context.baseUrl)
      ? ' Note that a page served over https cannot call a plain http address other than localhost.'
      : '';
  return (
    `The browser could not get an answer from ${context.baseUrl}. Check that the server is running and the base URL is right. ` +
    `If it is running, the browser is probably blocking it because the server does not allow cross-origin (CORS) requests from this page. ` +
    `${fixes.join(' ')} Other servers need this page’s origin in their CORS settings.${mixedContent}`
  );
}

/** Turns a classified model failure into a title and actionable advice for the chat and settings. */
export function describeModelError(error: ModelError, context: ErrorContext): ErrorDescription {
  switch (error.kind) {
    case 'auth':
      if (error.status === 403) {
        return {
          title: 'Access denied by the endpoint',
          advice: `The API key was accepted but is not allowed to use “${context.model}” at ${context.baseUrl}. Check the key’s permissions, project or organisation, or pick another model. ${quoted(error.message)}`,
        };
      }
      return {
        title: 'The API key was rejected',
        advice: `Check the API key in Settings: it may be missing, mistyped, revoked, or meant for a different provider than ${context.baseUrl}. ${quoted(error.message)}`,
      };
    case 'not-found': {
      const pull = isOllama(context) ? ` If the model is not downloaded yet, run \`ollama pull ${context.model}\`.` : '';
      return {
        title: `Model “${context.model}” or endpoint not found`,
        advice:
          `The endpoint at ${context.baseUrl} does not know the model “${context.model}”, or the base URL is wrong (it usually ends in /v1). ` +
          `Check both in Settings.${pull}${modelList(error.availableModels)} ${quoted(error.message)}`,
      };
    }
    case 'context-length':
      return {
        title: 'The conversation is too long for the model',
        advice:
          'The messages no longer fit in the model’s context window. Compact the conversation or start a new session. ' +
          `If the model supports a larger context, raise it on the server and in Settings. ${quoted(error.message)}`,
      };
    case 'tools-unsupported':
      return {
        title: 'This model or server cannot use tools',
        advice:
          'Set the protocol to text (ReAct) in Settings, or choose a model with tool support. ' +
          'llama.cpp needs `llama-server --jinja`; vLLM needs `--enable-auto-tool-choice --tool-call-parser …`. ' +
          quoted(error.message),
      };
    case 'rate-limit':
      return {
        title: 'Rate limit reached',
        advice:
          error.retryAfterMs !== undefined
            ? `The endpoint asks to wait ${formatWait(error.retryAfterMs)} before the next request. Try again after that. ${quoted(error.message)}`
            : `Too many requests for now. Wait a moment and try again. ${quoted(error.message)}`,
      };
    case 'quota':
      return {
        title: 'Quota or billing limit reached',
        advice: /too large|larger than/i.test(error.message)
          ? `This request is larger than the account’s limit allows, so waiting will not help. Compact the conversation, start a new session, or use a plan with higher limits. ${quoted(error.message)}`
          : `Waiting will not help: the account has run out of quota or credit. Check the plan and billing details with the provider. ${quoted(error.message)}`,
      };
    case 'bad-request':
      return {
        title: 'The endpoint rejected the request',
        advice: `Check the model name and the request settings (such as temperature). ${quoted(error.message)}`,
      };
    case 'server':
      return {
        title: error.status === undefined ? 'The model server sent a broken answer' : `The model server failed (HTTP ${error.status})`,
        advice:
          `The problem is on the server’s side at ${context.baseUrl}. ` +
          (error.retryAfterMs === undefined
            ? 'Try again in a moment; '
            : `It asks to wait ${formatWait(error.retryAfterMs)} before trying again; `) +
          `if it keeps failing, check the server’s logs or status page. ${quoted(error.message)}`,
      };
    case 'network':
      return { title: 'Cannot reach the endpoint', advice: corsAdvice(context) };
    case 'timeout':
      return {
        title: 'The model took too long to answer',
        advice:
          'No answer arrived within the request timeout. Local models can be slow to load or generate: raise the request timeout in Settings, ' +
          'try a smaller model, or check that the server is not stuck.',
      };
    case 'stream':
      return {
        title: 'The endpoint reported an error mid-answer',
        advice:
          error.code === 'tool_use_failed'
            ? `The model produced a tool call the server could not validate. Try again, or use a model that is better at tool use. ${quoted(error.message)}`
            : `The answer stopped with an error from the server. Try again; if it repeats, shorten the conversation or try another model. ${quoted(error.message)}`,
      };
    case 'aborted':
      return { title: 'Stopped', advice: 'The request was stopped before the model finished.' };
  }
}
