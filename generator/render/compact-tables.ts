import type MarkdownItClass from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

// A table of four columns or more does not fit a phone, so it is written twice: as it is, and for
// phones as one band per row of label and value rows (behaviour.md: Presentation). The stylesheet
// shows one; the compact one is left out of the search index.

const COMPACT_FROM_COLUMNS = 4;

interface Cell {
  readonly inline: Token;
  readonly className: string | null;
}

/** The rows of the table from `table_open` at `start` to `end`, its header row first. */
function toRows(tokens: readonly Token[], start: number, end: number): Cell[][] {
  const rows: Cell[][] = [];
  for (let i = start; i < end; i++) {
    const token = tokens[i] as Token;
    if (token.type === 'tr_open') rows.push([]);
    const inline = tokens[i + 1];
    if ((token.type === 'th_open' || token.type === 'td_open') && inline?.type === 'inline')
      rows.at(-1)?.push({ inline, className: token.attrGet('class') });
  }
  return rows;
}

/** A band (`tbody`) for each body row: its name across, then label and value rows. */
function toCompactTable(rows: readonly (readonly Cell[])[], render: (inline: Token) => string): string {
  const [header = [], ...body] = rows;
  const attr = (cell: Cell | undefined) => (cell?.className ? ` class="${cell.className}"` : '');
  const bands = body.map((row) => {
    const [name, ...values] = row;
    const facts = values.map((cell, i) => {
      const label = header[i + 1];
      return (
        `<tr>\n<th scope="row"${attr(label)}>${label ? render(label.inline) : ''}</th>\n` +
        `<td${attr(cell)}>${render(cell.inline)}</td>\n</tr>\n`
      );
    });
    const title = name
      ? `<tr>\n<th colspan="2" scope="colgroup"${attr(name)}>${render(name.inline)}</th>\n</tr>\n`
      : '';
    return `<tbody>\n${title}${facts.join('')}</tbody>\n`;
  });
  return `<table class="table-compact" data-pagefind-ignore="all">\n${bands.join('')}</table>\n`;
}

/** Writes a wide table's compact form after it. */
export function writeCompactTables(md: MarkdownItClass): void {
  const plain = md.renderer.rules.table_close;
  md.renderer.rules.table_close = (tokens, idx, options, env, self) => {
    const closed = plain ? plain(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    const start = (tokens[idx] as Token).meta?.compactFrom;
    if (start === undefined) return closed;
    const render = (inline: Token) => self.renderInline(inline.children ?? [], options, env);
    return `${closed}${toCompactTable(toRows(tokens, start, idx), render)}`;
  };
  // Marked for the stylesheet, and its end with its start for the compact form.
  const open = md.renderer.rules.table_open;
  md.renderer.rules.table_open = (tokens, idx, options, env, self) => {
    let end = idx;
    while (end < tokens.length && tokens[end]?.type !== 'table_close') end += 1;
    const header = tokens.slice(idx, end).findIndex((t) => t.type === 'tr_close');
    const columns = tokens.slice(idx, idx + header).filter((t) => t.type === 'th_open' || t.type === 'td_open').length;
    if (columns >= COMPACT_FROM_COLUMNS) {
      (tokens[idx] as Token).attrJoin('class', 'table-wide');
      (tokens[end] as Token).meta = { compactFrom: idx };
    }
    return open ? open(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
}
