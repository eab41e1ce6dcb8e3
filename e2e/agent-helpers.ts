import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import type { MockLlmServer } from './mock-llm/server.ts';

/** A message as the browser sent it to the endpoint. */
export type WireMessage = Record<string, unknown> & {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string }>;
};

/** A chat-completions request body as the browser sent it. */
export type ChatBody = { stream?: boolean; tools?: unknown[]; messages: WireMessage[] };

/** The bodies of the chat-completions requests the server received, oldest first. */
export function chatBodies(server: MockLlmServer): ChatBody[] {
  return server.requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/chat/completions'))
    .map((request) => request.body as ChatBody);
}

/** The Chat region. */
export const chat = (page: Page) => page.getByRole('main', { name: 'Chat' });

/** The span tree of the Trace panel. */
export const spanTree = (page: Page) => page.getByRole('tree', { name: 'Span tree' });

/** A port nothing listens on: bound once by the OS, then released. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One `chat.completion.chunk` SSE event with a single choice. */
export function sseChunk(delta: object, extra: object = {}, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model: 'glassbox-demo', choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;
}
