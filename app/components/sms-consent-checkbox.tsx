/**
 * The patient's agreement to texts (docs/decisions/052-text-messages.md): a plain checkbox,
 * never ticked for them, that works without JavaScript. The hint describes the box and is
 * kept out of its label, so the label stays short and names no other field.
 */
export function SmsConsentCheckbox({
  defaultChecked = false,
  numberHint,
}: {
  defaultChecked?: boolean;
  numberHint: string;
}) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id="smsConsent"
          name="smsConsent"
          type="checkbox"
          value="true"
          defaultChecked={defaultChecked}
          className="mt-1 h-4 w-4"
          aria-describedby="smsConsent-help"
        />
        <label htmlFor="smsConsent" className="text-slate-800">
          Text me about my appointments (optional)
        </label>
      </div>
      <p id="smsConsent-help" className="ml-6 text-sm text-slate-700">
        {numberHint} Reply STOP to any text to stop them.
      </p>
    </div>
  );
}
