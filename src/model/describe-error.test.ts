import { describe, expect, it } from 'vitest';
import { describeModelError, formatWait } from './describe-error.ts';
import { ModelError } from './model-error.ts';

const openai = { baseUrl: 'https://api.openai.com/v1', provider: 'openai', model: 'gpt-4o' };
const ollama = { baseUrl: 'http://localhost:11434/v1', provider: 'ollama', model: 'qwen3' };

describe('describeModelError', () => {
  it('points at the API key for 401 and at permissions for 403', () => {
    const unauthorized = describeModelError(
      new ModelError('auth', 'Incorrect API key provided', { status: 401 }),
      openai,
    );
    expect(unauthorized.title).toBe('The API key was rejected');
    expect(unauthorized.advice).toContain('API key');
    expect(unauthorized.advice).toContain('Incorrect API key provided');
    expect(describeModelError(new ModelError('auth', 'no', { status: 403 }), openai).advice).toContain('permissions');
  });

  it('names the model and lists available models on a 404, with the Ollama pull hint', () => {
    const error = new ModelError('not-found', 'model "qwen3" not found', { status: 404 });
    error.availableModels = ['gemma3:4b', 'llama3.2'];
    const described = describeModelError(error, ollama);
    expect(described.title).toContain('qwen3');
    expect(described.advice).toContain('/v1');
    expect(described.advice).toContain('gemma3:4b, llama3.2');
    expect(described.advice).toContain('ollama pull qwen3');
  });

  it('gives the CORS fixes for Ollama and LM Studio on network errors', () => {
    const described = describeModelError(new ModelError('network', 'Failed to fetch'), ollama);
    expect(described.title).toBe('Cannot reach the endpoint');
    expect(described.advice).toContain('OLLAMA_ORIGINS=*');
    expect(described.advice).toContain('ollama serve');
    expect(described.advice).toContain('Enable CORS');
    expect(described.advice.indexOf('Ollama')).toBeLessThan(described.advice.indexOf('LM Studio'));
    const lmStudio = describeModelError(new ModelError('network', 'x'), {
      baseUrl: 'http://localhost:1234/v1',
      provider: 'lmstudio',
      model: 'm',
    });
    expect(lmStudio.advice.indexOf('LM Studio')).toBeLessThan(lmStudio.advice.indexOf('Ollama:'));
    const remoteHttp = describeModelError(new ModelError('network', 'x'), {
      baseUrl: 'http://192.168.1.5:8000/v1',
      provider: 'vllm',
      model: 'm',
    });
    expect(remoteHttp.advice).toContain('https');
  });

  it('says how long to wait on a rate limit, and that waiting will not help on quota', () => {
    expect(
      describeModelError(new ModelError('rate-limit', 'slow down', { retryAfterMs: 86_400_000 }), openai).advice,
    ).toContain('about 24 hours');
    expect(describeModelError(new ModelError('rate-limit', 'slow down'), openai).advice).toContain('Wait a moment');
    expect(describeModelError(new ModelError('quota', 'You exceeded your current quota'), openai).advice).toContain(
      'billing',
    );
    expect(describeModelError(new ModelError('quota', 'Request too large for gpt-4'), openai).advice).toContain(
      'Compact',
    );
  });

  it('advises compaction on context overflow, and explains server, timeout, tools and stream failures', () => {
    expect(describeModelError(new ModelError('context-length', 'too long'), openai).advice).toMatch(
      /Compact the conversation or start a new session/,
    );
    expect(describeModelError(new ModelError('server', 'boom', { status: 500 }), openai).title).toContain('HTTP 500');
    expect(describeModelError(new ModelError('timeout', 'late'), openai).advice).toContain('timeout');
    expect(describeModelError(new ModelError('tools-unsupported', 'no tools'), openai).advice).toContain('--jinja');
    expect(
      describeModelError(new ModelError('stream', 'bad call', { code: 'tool_use_failed' }), openai).advice,
    ).toContain('tool call');
    expect(describeModelError(new ModelError('bad-request', 'bad'), openai).advice).toContain('bad');
    expect(describeModelError(new ModelError('aborted', 'stopped'), openai).title).toBe('Stopped');
  });
});

describe('formatWait', () => {
  it('rounds to words people read', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(50_597)).toBe('51 seconds');
    expect(formatWait(5 * 60_000)).toBe('5 minutes');
    expect(formatWait(3_600_000 * 2)).toBe('about 2 hours');
  });
});
