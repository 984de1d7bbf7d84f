/** The report's only stylesheet, inlined in its <head>: the file must read the same offline. */
export const REPORT_CSS = `
:root { --fg: #1b1f24; --muted: #59636e; --line: #d0d7de; --bg-soft: #f6f8fa; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --accent: #0969da; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); margin: 0; background: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 64px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 0 0 6px; }
h3 { font-size: 16px; margin: 18px 0 6px; }
.meta, .muted { color: var(--muted); font-size: 13px; }
nav.toc ol { padding-left: 22px; margin: 8px 0; }
nav.toc a { color: var(--accent); text-decoration: none; }
section.question { border: 1px solid var(--line); border-radius: 8px; padding: 18px 20px; margin: 22px 0; }
.verdict { border-left: 4px solid var(--muted); background: var(--bg-soft); padding: 8px 12px; margin: 12px 0; border-radius: 0 6px 6px 0; }
.verdict.complete { border-color: var(--ok); }
.verdict.incomplete { border-color: var(--bad); }
.verdict.unknown { border-color: var(--warn); }
.verdict .label { font-weight: 700; }
ol.items { padding-left: 28px; margin: 8px 0; }
ol.items > li { margin: 6px 0; }
.item-name { font-weight: 600; }
ul.citations { list-style: none; padding-left: 0; margin: 2px 0 0; }
ul.citations li { font-size: 13px; color: var(--muted); }
.where { font-variant-numeric: tabular-nums; white-space: nowrap; }
.quote { color: var(--fg); font-style: italic; }
.quote::before { content: "\\201C"; } .quote::after { content: "\\201D"; }
.answer-text { font-size: 16px; margin: 8px 0; white-space: pre-wrap; }
.error { color: var(--bad); font-weight: 600; }
table { border-collapse: collapse; margin: 6px 0; font-size: 13px; }
th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg-soft); font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
details.trace > summary, details.raw > summary { cursor: pointer; color: var(--accent); }
ol.timeline { list-style: none; padding-left: 0; margin: 10px 0 0; border-left: 2px solid var(--line); }
ol.timeline > li { position: relative; margin: 0 0 12px; padding-left: 18px; }
ol.timeline > li::before { content: ""; position: absolute; left: -7px; top: 6px; width: 12px; height: 12px; border-radius: 50%; background: var(--line); }
ol.timeline > li.stage-route::before { background: #8250df; }
ol.timeline > li.stage-list::before { background: var(--accent); }
ol.timeline > li.stage-verify::before { background: var(--ok); }
ol.timeline > li.fallback::before { background: var(--bad); }
.step-head { font-weight: 600; }
.step-head .cost { font-weight: 400; color: var(--muted); font-size: 12px; margin-left: 8px; }
.badge { display: inline-block; font-size: 11px; font-weight: 700; padding: 0 6px; border-radius: 10px; background: var(--bad); color: #fff; margin-left: 6px; }
.decision { margin: 2px 0; }
.entries { margin: 4px 0; padding-left: 20px; font-size: 13px; }
.entries li.picked { font-weight: 700; color: #8250df; }
.kw ins { background: #dafbe1; text-decoration: none; padding: 0 2px; }
.kw del { background: #ffebe9; padding: 0 2px; }
.model-text { border-left: 3px solid var(--warn); padding-left: 8px; font-size: 13px; }
pre { background: var(--bg-soft); padding: 8px; overflow-x: auto; font-size: 12px; max-height: 320px; white-space: pre-wrap; word-break: break-word; }
.chart img { max-width: 100%; height: auto; border: 1px solid var(--line); }
`;
