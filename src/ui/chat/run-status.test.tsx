// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatTranslate } from '../../i18n/chat.ts';
import { ErrorAlert } from './error-alert.tsx';
import { RunStatus, type RunStatusValue } from './run-status.tsx';

afterEach(cleanup);

describe('RunStatus', () => {
  it.each<[RunStatusValue, string]>([
    ['idle', 'Ready'],
    ['running', 'Running…'],
    ['done', 'Done'],
    ['error', 'Error'],
    ['stopped', 'Stopped'],
    ['interrupted', 'Interrupted — you can resume the run'],
  ])('reports %s in data-status with friendly text', (status, text) => {
    render(<RunStatus status={status} />);
    const element = screen.getByTestId('run-status');
    expect(element).toHaveAttribute('data-status', status);
    expect(element).toHaveTextContent(text);
  });

  it('keeps data-status in English when the text is Chinese', () => {
    render(<RunStatus status="stopped" t={createChatTranslate('zh-CN')} />);
    const element = screen.getByTestId('run-status');
    expect(element).toHaveAttribute('data-status', 'stopped');
    expect(element).toHaveTextContent('已停止');
  });
});

describe('ErrorAlert', () => {
  it('explains the error and offers Retry and Resume', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const onResume = vi.fn();
    render(
      <ErrorAlert
        title="The API key was rejected (401)"
        message="Incorrect API key provided."
        advice="Open Settings and paste a valid key."
        onRetry={onRetry}
        onResume={onResume}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The API key was rejected (401)');
    expect(alert).toHaveTextContent('Open Settings and paste a valid key.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it('has English button names with Chinese text and no buttons without handlers', () => {
    const { rerender } = render(<ErrorAlert title="出错了" onRetry={() => {}} t={createChatTranslate('zh-CN')} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveTextContent('重试');
    rerender(<ErrorAlert title="Nothing to do" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
