/**
 * The patient's agreement to texts (docs/decisions/052-text-messages.md): a plain checkbox,
 * never ticked for them, that works without JavaScript.
 */
export function SmsConsentCheckbox({
  defaultChecked = false,
  numberHint,
}: {
  defaultChecked?: boolean;
  numberHint: string;
}) {
  return (
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
        <span id="smsConsent-help" className="block text-sm text-slate-700">
          {numberHint} Reply STOP to any text to stop them.
        </span>
      </label>
    </div>
  );
}
