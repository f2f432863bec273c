import { FieldLabel, type Need, needAttributes } from "~/components/field-label";
import { fieldClass, useSectionRefusal, useSectionValue } from "~/components/staff/setting-field";
import { ColumnHeadings } from "~/components/staff-kit";
import type { Question } from "~/validation/form-questions";

/** A text area of a settings section: what was sent when refused, else what is stored. */
export function SectionTextArea({
  name,
  label,
  need,
  stored,
  help,
  rows,
  mono = false,
}: {
  name: string;
  label: string;
  need: Need;
  stored: string;
  help?: string;
  rows: number;
  mono?: boolean;
}) {
  const { refusal, errorId } = useSectionRefusal();
  const value = useSectionValue(name, stored);
  const invalid = refusal?.field === name;
  const described = [help ? `${name}-help` : null, invalid ? errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <FieldLabel htmlFor={name} need={need} className="text-sm font-medium text-slate-800">
        {label}
      </FieldLabel>
      <textarea
        {...needAttributes(need)}
        id={name}
        name={name}
        rows={rows}
        defaultValue={value}
        spellCheck={!mono}
        className={`${fieldClass}${mono ? " font-mono text-sm" : ""}`}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
      />
      {help ? (
        <p id={`${name}-help`} className="mt-1 text-sm text-slate-700">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** A select of a settings section. */
export function SectionSelect({
  name,
  label,
  need,
  stored,
  options,
}: {
  name: string;
  label: string;
  need: Need;
  stored: string;
  options: { value: string; label: string }[];
}) {
  const { refusal, errorId } = useSectionRefusal();
  const value = useSectionValue(name, stored);
  const invalid = refusal?.field === name;
  return (
    <div>
      <FieldLabel htmlFor={name} need={need} className="text-sm font-medium text-slate-800">
        {label}
      </FieldLabel>
      <select
        {...needAttributes(need)}
        id={name}
        name={name}
        defaultValue={value}
        className={fieldClass}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const TYPE_LABELS: Record<Question["type"], string> = {
  yesno: "Yes or no",
  choice: "Choice",
  text: "Text",
  date: "Date",
};

/** The current version's questions as patients are asked them, with the alerts they propose. */
export function QuestionsPreview({ questions }: { questions: readonly Question[] }) {
  return (
    <section aria-labelledby="preview-heading" className="space-y-3">
      <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
        The questions as patients see them
      </h2>
      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
        role="region"
        aria-label="The questions: table"
        // Scrolled sideways on a phone: reachable by the keyboard.
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <ColumnHeadings
            className="bg-slate-50"
            cellClassName="p-2"
            columns={["Question", "Answer", "Required", "Proposes the alert"]}
          />
          <tbody className="divide-y divide-slate-200">
            {questions.map((question) => (
              <tr key={question.id}>
                <td className="p-2">
                  {question.section ? (
                    <span className="block text-xs font-semibold text-slate-700 uppercase">
                      {question.section}
                    </span>
                  ) : null}
                  {question.label}
                </td>
                <td className="p-2">
                  {TYPE_LABELS[question.type]}
                  {question.options ? `: ${question.options.map((o) => o.label).join(", ")}` : ""}
                </td>
                <td className="p-2">{question.required ? "Yes" : "No"}</td>
                <td className="p-2">{question.alert ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
