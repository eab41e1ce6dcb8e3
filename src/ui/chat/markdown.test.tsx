// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatTranslate } from '../../i18n/chat.ts';
import { Markdown } from './markdown.tsx';

afterEach(cleanup);

describe('Markdown with hostile input', () => {
  it('shows raw HTML as text and never creates script, iframe or inline-handler elements', () => {
    const text = [
      '<script>window.pwned = true</script>',
      '',
      'Hello <img src="x" onerror="window.pwned = true"> world',
      '',
      '<iframe src="https://evil.example"></iframe> <b>bold?</b>',
    ].join('\n');
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelector('script, iframe, b, [onerror]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<script>window.pwned = true</script>');
    expect(container).toHaveTextContent('<img src="x" onerror="window.pwned = true">');
    expect(container).toHaveTextContent('<b>bold?</b>');
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('neutralises javascript: and data: links but keeps their text', () => {
    const text =
      '[click me](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=) and <javascript:alert(2)>';
    const { container } = render(<Markdown text={text} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[href^="javascript"], [href^="data"]')).toBeNull();
    expect(screen.getByText('click me')).toHaveAttribute('data-unsafe-link');
    expect(screen.getByText('data')).toHaveAttribute('data-unsafe-link');
  });

  it('opens safe links in a new tab with noopener', () => {
    render(<Markdown text="See [the docs](https://example.com/docs) or https://example.org." />);
    const docs = screen.getByRole('link', { name: 'the docs' });
    expect(docs).toHaveAttribute('href', 'https://example.com/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');
    const autolink = screen.getByRole('link', { name: 'https://example.org' });
    expect(autolink).toHaveAttribute('target', '_blank');
    expect(autolink.getAttribute('rel')).toContain('noopener');
  });

  it('does not fetch a remote image until the user asks for it', async () => {
    const user = userEvent.setup();
    const { container } = render(<Markdown text="![a cat](https://img.example.com/cat.png)" />);
    expect(container.querySelector('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load image from img.example.com' }));
    const image = screen.getByRole('img', { name: 'a cat' });
    expect(image).toHaveAttribute('src', 'https://img.example.com/cat.png');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('shows the whole address, query string included, before the image is loaded', () => {
    const address = 'https://img.example.com/pixel.png?user=ann%40example.com&chat=secret-plan-42';
    render(<Markdown text={`![status](${address})`} />);
    const button = screen.getByRole('button', { name: 'Load image from img.example.com' });
    expect(button).toHaveTextContent(address);
  });

  it('never offers to load a data: or javascript: image', () => {
    const { container } = render(
      <Markdown text="![x](data:image/svg+xml;base64,PHN2Zz4=) ![y](javascript:alert(1))" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: /Load image/ })).toBeNull();
    expect(container).toHaveTextContent('Image removed: unsafe address: x');
  });
});

describe('Markdown GFM', () => {
  it('renders tables and task lists', () => {
    const text = '| Tool | Calls |\n|---|--:|\n| calculator | 2 |\n\n- [x] done thing\n- [ ] open thing';
    render(<Markdown text={text} />);
    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Tool', 'Calls']);
    expect(table).toHaveTextContent('calculator');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toBeChecked();
    expect(boxes[1]).not.toBeChecked();
    expect(boxes[0]).toBeDisabled();
  });

  it('renders the same content when streamed in blocks', () => {
    const text = '# Plan\n\nFirst step.\n\n```py\nprint(1)\n\nprint(2)\n```\n\n1. one\n2. two';
    const { container } = render(<Markdown text={text} streaming />);
    expect(screen.getByRole('heading', { name: 'Plan' })).toBeInTheDocument();
    expect(screen.getByTestId('code-block')).toHaveTextContent('print(1) print(2)');
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });
});

describe('CodeBlock', () => {
  it('labels the language, highlights lazily and keeps code as text', async () => {
    const code = 'const tag = "<script>alert(1)</script>";';
    const { container } = render(<Markdown text={'```ts\n' + code + '\n```'} />);
    const block = screen.getByTestId('code-block');
    expect(block).toHaveTextContent('ts');
    await waitFor(() => expect(block.querySelector('.hljs-keyword')).not.toBeNull());
    expect(container.querySelector('script')).toBeNull();
    expect(block.querySelector('code')).toHaveTextContent(code);
  });

  it('copies the code with the Copy code button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    render(<Markdown text={'```\nnpm start\n```'} />);
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('npm start');
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
  });

  it('shows translated labels while keeping the English accessible name', () => {
    render(<Markdown text={'```\nx\n```'} t={createChatTranslate('zh-CN')} />);
    expect(screen.getByRole('button', { name: 'Copy code' })).toHaveAttribute('title', '复制代码');
    expect(screen.getByTestId('code-block')).toHaveTextContent('文本');
  });
});
