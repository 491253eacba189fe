'use client';
// A README rendered from its (already sanitised) Markdown text as React text elements: headings,
// paragraphs, lists and code blocks. No HTML is ever injected, so nothing in it can run.
import type { ReactNode } from 'react';

export function ReadmeView({ text }: { text: string }) {
  const out: ReactNode[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('```')) {
      const code: string[] = [];
      for (i++; i < lines.length && !(lines[i] as string).startsWith('```'); i++) code.push(lines[i] as string);
      out.push(<pre key={i} className="overflow-x-auto rounded bg-surface-2 p-3 font-mono text-[12px]">{code.join('\n')}</pre>);
    } else if (/^#{1,6}\s/.test(line)) {
      const level = line.match(/^#+/)?.[0].length ?? 1;
      out.push(<p key={i} className={`${level <= 2 ? 'text-[16px]' : 'text-[14px]'} mt-2 font-semibold`}>{line.replace(/^#+\s*/, '')}</p>);
    } else if (/^\s*[-*]\s/.test(line)) {
      out.push(<li key={i} className="ml-5 list-disc">{line.replace(/^\s*[-*]\s/, '')}</li>);
    } else if (line.trim()) {
      out.push(<p key={i}>{line}</p>);
    }
  }
  return <div className="flex flex-col gap-1.5 text-[13px] leading-relaxed">{out}</div>;
}
