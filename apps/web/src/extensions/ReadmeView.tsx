'use client';
// A README rendered from its (already sanitised) Markdown text as React text elements: headings,
// paragraphs (consecutive lines joined, as Markdown does), lists, fenced and indented code
// blocks, and `inline code`. No HTML is ever injected, so nothing in it can run.
import type { ReactNode } from 'react';

const CODE_BLOCK = 'overflow-x-auto rounded bg-surface-2 p-3 font-mono text-[12px] leading-[18px]';

/** Prose with its `code spans` set in monospace. */
function inline(text: string): ReactNode[] {
  return text.split(/(`+[^`]*?`+)/g).map((part, i) => {
    const m = /^(`+)([^`]*?)\1$/.exec(part);
    return m ? (
      <code key={i} className="rounded bg-surface-2 px-1 py-px font-mono text-[12px]">
        {m[2]}
      </code>
    ) : (
      part
    );
  });
}

export function ReadmeView({ text }: { text: string }) {
  const out: ReactNode[] = [];
  const lines = text.split(/\r?\n/);
  let paragraph: string[] = [];
  const flush = (key: number) => {
    if (paragraph.length > 0) out.push(<p key={`p${key}`}>{inline(paragraph.join(' '))}</p>);
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      flush(i);
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s{0,3}(```|~~~)/.test(lines[i] as string); i++)
        code.push(lines[i] as string);
      out.push(
        <pre key={i} className={CODE_BLOCK}>
          {code.join('\n')}
        </pre>,
      );
    } else if (/^( {4}|\t)/.test(line) && paragraph.length === 0) {
      // An indented code block: until the first non-blank line that is not indented.
      const code: string[] = [];
      for (
        ;
        i < lines.length && (/^( {4}|\t)/.test(lines[i] as string) || (lines[i] as string).trim() === '');
        i++
      )
        code.push((lines[i] as string).replace(/^( {4}|\t)/, ''));
      i--;
      while (code.length > 0 && (code[code.length - 1] as string).trim() === '') code.pop();
      out.push(
        <pre key={i} className={CODE_BLOCK}>
          {code.join('\n')}
        </pre>,
      );
    } else if (/^#{1,6}\s/.test(line)) {
      flush(i);
      const level = line.match(/^#+/)?.[0].length ?? 1;
      out.push(
        <p key={i} className={`${level <= 2 ? 'text-[16px]' : 'text-[14px]'} mt-2 font-semibold`}>
          {inline(line.replace(/^#+\s*/, ''))}
        </p>,
      );
    } else if (/^\s*([-*]|\d+\.)\s/.test(line)) {
      flush(i);
      const ordered = /^\s*\d+\.\s/.test(line);
      out.push(
        <li key={i} className={`ml-5 ${ordered ? 'list-decimal' : 'list-disc'}`}>
          {inline(line.replace(/^\s*([-*]|\d+\.)\s/, ''))}
        </li>,
      );
    } else if (line.trim()) {
      paragraph.push(line.trim());
    } else {
      flush(i);
    }
  }
  flush(lines.length);
  return <div className="flex flex-col gap-1.5 text-[13px] leading-relaxed">{out}</div>;
}
