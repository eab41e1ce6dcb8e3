import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import type { MockLlmServer } from './mock-llm/server.ts';

/** A chat completion request body as the mock server recorded it. */
export interface ChatBody {
  messages: Array<{
    role: string;
    content: string | null;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  }>;
}

/** The chat completion requests the mock server received, oldest first. */
export function chatRequests(mockLlm: MockLlmServer): ChatBody[] {
  return mockLlm.requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/chat/completions'))
    .map((request) => request.body as ChatBody);
}

/** The session sidebar's list. */
export function sessionList(page: Page) {
  return page.getByRole('list', { name: 'Session list' });
}

/** The title of every listed session, top to bottom. */
export async function sessionTitles(page: Page): Promise<string[]> {
  return sessionList(page)
    .getByRole('listitem')
    .locator('button:not([aria-label]):not([data-testid="search-snippet"])')
    .allInnerTexts();
}

/** The active session's list item. */
export function activeSession(page: Page) {
  return sessionList(page).locator('li[aria-current="true"]');
}

/** Waits until the page accepts input (after a load or reload). */
export async function expectReady(page: Page): Promise<void> {
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
}
