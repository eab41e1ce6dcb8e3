// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../config/settings.ts';
import { sequentialIds } from '../../db/test-fixtures.ts';
import { ATTR } from '../../trace/attributes.ts';
import { useAppStore } from '../app-store.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import type { Persistence } from '../persistence.ts';
import { setServices } from '../services.ts';
import { sendMessage } from './chat-actions.ts';
import { newSession } from './session-actions.ts';
import { setSessionOverrides } from './session-overrides-actions.ts';

const initialState = useAppStore.getState();

interface SentBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
}

/** An endpoint that answers "ok" at once and records each chat request's body. */
function recordingEndpoint() {
  const bodies: SentBody[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)) as SentBody);
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    return new Response(chunk({ role: 'assistant', content: 'ok' }, null) + chunk({}, 'stop') + 'data: [DONE]\n\n', {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });
  };
  return { fetch, bodies };
}

function install(fetch: typeof globalThis.fetch): Persistence {
  let time = 1_000_000;
  const now = () => (time += 10);
  const persistence = createMemoryPersistence({ newId: sequentialIds(), now });
  setServices({ persistence, fetch, now, newId: sequentialIds() });
  useAppStore.getState().setSettings({
    ...defaultSettings,
    provider: 'custom',
    baseUrl: 'http://model.test/v1',
    apiKey: 'k',
    model: 'global-model',
    systemPrompt: 'Global prompt.',
    stream: true,
    memoryRecall: false,
  });
  return persistence;
}

function llmModels(sessionId: string): unknown[] {
  return (useAppStore.getState().spans[sessionId] ?? [])
    .filter((span) => span.kind === 'llm')
    .map((span) => span.attributes[ATTR.llmRequestModel]);
}

beforeEach(() => {
  useAppStore.setState(initialState, true);
  localStorage.clear();
  sessionStorage.clear();
});

describe('per-session overrides of model and system prompt', () => {
  it('are used by the session’s runs (model in the body, prompt in the first message, model on the llm span), not by other sessions', async () => {
    const endpoint = recordingEndpoint();
    const persistence = install(endpoint.fetch);
    const overridden = await newSession();
    expect(await setSessionOverrides(overridden, { model: ' session-model ', systemPrompt: 'Session prompt.' })).toBe(
      true,
    );
    expect((await persistence.getSession(overridden))?.overrides).toEqual({
      model: 'session-model',
      systemPrompt: 'Session prompt.',
    });

    await sendMessage('first');
    expect(endpoint.bodies[0]?.model).toBe('session-model');
    expect(endpoint.bodies[0]?.messages[0]).toEqual({ role: 'system', content: 'Session prompt.' });
    expect(llmModels(overridden)).toEqual(['session-model']);

    const plain = await newSession();
    await sendMessage('second');
    expect(endpoint.bodies[1]?.model).toBe('global-model');
    expect(endpoint.bodies[1]?.messages[0]).toEqual({ role: 'system', content: 'Global prompt.' });
    expect(llmModels(plain)).toEqual(['global-model']);
    expect(useAppStore.getState().sessions.find((session) => session.id === plain)?.overrides).toBeUndefined();
  });

  it('override one field at a time, and clearing both returns the session to the global settings', async () => {
    const endpoint = recordingEndpoint();
    const persistence = install(endpoint.fetch);
    const sessionId = await newSession();
    await setSessionOverrides(sessionId, { model: '', systemPrompt: 'Only the prompt.' });
    await sendMessage('one');
    expect(endpoint.bodies[0]?.model).toBe('global-model');
    expect(endpoint.bodies[0]?.messages[0]).toEqual({ role: 'system', content: 'Only the prompt.' });

    await setSessionOverrides(sessionId, { model: '', systemPrompt: '  ' });
    expect(useAppStore.getState().sessions.find((session) => session.id === sessionId)?.overrides).toBeUndefined();
    expect((await persistence.getSession(sessionId))?.overrides).toBeUndefined();
    await sendMessage('two');
    expect(endpoint.bodies[1]?.model).toBe('global-model');
    expect(endpoint.bodies[1]?.messages[0]).toEqual({ role: 'system', content: 'Global prompt.' });
  });

  it('keep working with the offline demo model, which answers under any model name', async () => {
    install(() => Promise.reject(new Error('no network in tests')));
    useAppStore.getState().setSettings({ ...useAppStore.getState().settings, provider: 'demo' });
    const sessionId = await newSession();
    await setSessionOverrides(sessionId, { model: 'not-a-demo-model', systemPrompt: 'Be terse.' });
    await sendMessage('What is 6*7?');
    const answer = (useAppStore.getState().entries[sessionId] ?? []).findLast(
      (entry) => entry.message.role === 'assistant',
    )?.message.content;
    expect(answer).toContain('42');
    expect(useAppStore.getState().runs[sessionId]?.status).toBe('done');
  });
});
