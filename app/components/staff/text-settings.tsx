import { labelClass, SettingField, SettingsSection, type SectionRefusal } from "./setting-field";
import {
  CHANNEL_LABELS,
  channelField,
  MESSAGE_CHANNELS,
  type TextPreview,
} from "~/models/sms/text-settings";

/** The settings' "Texts" section: how each kind of message goes, each text previewed. */
export function TextSettingsSection({
  previews,
  cap,
  refusal,
}: {
  previews: TextPreview[];
  cap: number;
  refusal: SectionRefusal;
}) {
  return (
    <SettingsSection
      id="texts"
      title="Text messages"
      intent="texts"
      refusal={refusal}
      submitLabel="Save text message settings"
    >
      <p className="text-sm text-slate-700">
        A text goes only to patients who agreed to texts; the others get the e-mail. Texts leave
        outside the quiet hours only.
      </p>
      <ul className="space-y-4">
        {previews.map((preview) => (
          <li key={preview.kind} className="space-y-1" data-testid={`text-preview-${preview.kind}`}>
            <label className="block">
              <span className={labelClass}>{preview.label}</span>
              <select
                name={channelField(preview.kind)}
                defaultValue={refusal?.values[channelField(preview.kind)] ?? preview.channel}
                className="rounded-md border border-slate-300 p-2"
              >
                {MESSAGE_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </select>
            </label>
            <p className="rounded bg-slate-100 p-2 text-sm break-words text-slate-800">
              {preview.text}
            </p>
            <p className="text-xs text-slate-700" data-testid="segment-count">
              {preview.segments.units} characters ({preview.segments.encoding}):{" "}
              {preview.segments.segments} {preview.segments.segments === 1 ? "segment" : "segments"}
            </p>
          </li>
        ))}
      </ul>
      <SettingField
        name="smsMonthlyCap"
        need="required"
        label="Texts a month, at most"
        type="number"
        min={0}
        stored={String(cap)}
        help="When the month's texts reach it, texts stop (mail still goes) and staff pages say so."
      />
    </SettingsSection>
  );
}
