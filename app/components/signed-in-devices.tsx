import { Form } from "@remix-run/react";
import { describeDevice, type SignedInDevice } from "~/models/accounts/devices";
import { type ClinicClock, formatInstant } from "~/utils/clinic-format";

/**
 * The devices an account is signed in on, and a form to sign each of the others out, or all
 * of them (issue 31 item 6). Plain forms: they work without JavaScript. `action` is where
 * they post (the profile's /user/sessions, the staff account page itself).
 */
export function SignedInDevices({
  devices,
  clock,
  action,
}: {
  devices: readonly SignedInDevice[];
  clock: ClinicClock;
  action: string;
}) {
  const others = devices.filter((device) => !device.current).length;
  const when = (iso: string) => formatInstant(new Date(iso), clock);
  return (
    <section aria-labelledby="devices-heading" className="mt-6 space-y-3 text-left">
      <h2 id="devices-heading" className="text-lg font-semibold text-slate-900">
        Signed-in devices
      </h2>
      <p className="text-sm text-slate-700">
        Where your account is signed in now. Sign out any device you do not use any more; if you do
        not recognise one, sign it out and change your password.
      </p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {devices.map((device) => {
          const name = describeDevice(device);
          return (
            <li key={device.id} className="space-y-1 p-3" data-testid="signed-in-device">
              <p className="font-medium text-slate-900">
                {name}
                {device.current ? (
                  <span className="ml-2 rounded bg-brand-50 px-1.5 text-sm text-brand-800">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-700">
                {`Signed in ${when(device.signedInAt)}${device.ipAddress ? ` from ${device.ipAddress}` : ""}; last used ${when(device.lastSeenAt)}`}
              </p>
              {device.current ? null : (
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="session" value={device.id} />
                  <button
                    type="submit"
                    className="btn-secondary text-sm"
                    aria-label={`Sign out ${name}, signed in ${when(device.signedInAt)}`}
                  >
                    Sign out
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className="btn-secondary">
            Sign out all other devices
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">No other device is signed in.</p>
      )}
    </section>
  );
}
