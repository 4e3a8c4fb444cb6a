import { isRecord } from '../config-check.ts';

// A service page's `steps` and an equipment page's `specs` (behaviour.md: Presentation).

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export type Fail = (field: string, reason: string, hint?: string) => void;

/** Each field's texts with their length limits, the required ones, and how many items. */
const CALLOUTS = {
  steps: {
    texts: { label: 30, text: 90 },
    required: ['label'],
    count: [3, 6],
    hint: 'Write `steps: { title: "How a turnaround runs", items: [{ label: "Arrival", text: "Marshalled in, chocked and coned" }, …] }`: three to six steps, each a short label (at most 30 characters) and, if you like, a line of at most 90.',
  },
  specs: {
    texts: { label: 30, value: 60 },
    required: ['label', 'value'],
    count: [2, 6],
    hint: 'Write `specs: { title: "At a glance", items: [{ label: "Towing capacity", value: "6 t" }, …] }`: two to six facts, each a label (at most 30 characters) and a value (at most 60), taken from the page\'s own text.',
  },
} as const;

/** Every fault of the page's `steps` and `specs`, each named by its place (`steps.items[2].label`). */
export function checkCalloutFields(raw: Record<string, unknown>, fail: Fail): void {
  for (const key of ['steps', 'specs'] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    const { texts, required, count, hint } = CALLOUTS[key];
    const bad = (reason: string) => fail(key, reason, hint);
    if (!isRecord(value)) {
      bad('must be a mapping with a `title` and a list of `items`');
      continue;
    }
    const { title, items } = value;
    if (!isText(title)) bad('`title` must be a non-empty text');
    if (key === 'specs') checkDrawing(value, (reason) => fail(key, reason, DRAWING_HINT));
    if (!Array.isArray(items) || items.length < count[0] || items.length > count[1]) {
      bad(`\`items\` must be a list of ${count[0]} to ${count[1]} entries`);
      continue;
    }
    items.forEach((item: unknown, i) => {
      const fields = isRecord(item) ? item : {};
      for (const [name, limit] of Object.entries(texts)) {
        const text = fields[name];
        const place = `\`items[${i}].${name}\``;
        if (text === undefined && !(required as readonly string[]).includes(name)) continue;
        const length = typeof text === 'string' ? [...text.trim()].length : 0;
        if (length === 0) bad(`${place} must be a non-empty text`);
        else if (length > limit) bad(`${place} is ${length} characters long, over the limit of ${limit}`);
      }
    });
  }
}

const DRAWING_HINT =
  'Write `image: /images/eq1-side.svg` and `imageAlt: "Side view of the CW-ET60: 1 marks the tow hitch, 2 …"` under `specs`: a drawing of the product whose callouts 1, 2, 3… mark the facts after the first (the model) in their order, and a text that says what each number marks, at most 200 characters.';

/** `specs.image` and `specs.imageAlt`, the drawing beside the facts: both or neither. */
function checkDrawing(specs: Record<string, unknown>, bad: (reason: string) => void): void {
  const { image, imageAlt } = specs;
  if (image === undefined && imageAlt === undefined) return;
  if (!isText(image)) bad('`image` must name the drawing when `imageAlt` describes one');
  if (!isText(imageAlt)) return bad('`imageAlt` must say what the drawing shows and what each of its numbers marks');
  const length = [...imageAlt.trim()].length;
  if (length > 200) bad(`\`imageAlt\` is ${length} characters long, over the limit of 200`);
}
