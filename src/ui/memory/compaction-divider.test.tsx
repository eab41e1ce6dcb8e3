// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryTranslate } from '../../i18n/memory.ts';
import { CompactionDivider } from './compaction-divider.tsx';

afterEach(cleanup);

describe('CompactionDivider', () => {
  it('says how many messages were summarised and shows the summary as plain text on demand', async () => {
    const user = userEvent.setup();
    render(<CompactionDivider count={12} summary={'- Budget: 5,000 EUR\n- <script>alert(1)</script> stays text'} />);
    const divider = screen.getByRole('group', { name: '12 earlier messages summarised' });
    expect(within(divider).getByText('12 earlier messages summarised')).toBeInTheDocument();
    const details = divider.querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await user.click(within(divider).getByText('Show the summary the model sees'));
    expect(details.open).toBe(true);
    expect(within(divider).getByText(/Budget: 5,000 EUR/u)).toBeInTheDocument();
    expect(divider.querySelector('script')).toBeNull();
    expect(within(divider).getByText(/<script>alert\(1\)<\/script> stays text/u)).toBeInTheDocument();
  });

  it('uses the singular for one message', () => {
    render(<CompactionDivider count={1} summary="x" />);
    expect(screen.getByRole('group', { name: '1 earlier message summarised' })).toHaveTextContent(
      '1 earlier message summarised',
    );
  });

  it('explains the fallback when messages were left out without a summary', () => {
    render(<CompactionDivider count={6} summary="" variant="dropped" />);
    const divider = screen.getByRole('group', { name: '6 earlier messages left out of the context' });
    expect(divider.querySelector('details')).toBeNull();
    expect(divider).toHaveTextContent('Summarising failed, so these messages were left out instead.');
  });

  it('is translated, with an English accessible name', () => {
    render(<CompactionDivider count={3} summary="摘要" t={createMemoryTranslate('zh-CN')} />);
    const divider = screen.getByRole('group', { name: '3 earlier messages summarised' });
    expect(divider).toHaveTextContent('已摘要之前的 3 条消息');
    expect(divider).toHaveTextContent('查看模型看到的摘要');
  });
});
