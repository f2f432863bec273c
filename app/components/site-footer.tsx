const footerGroups = [
  { title: "Services", items: ["Services", "Appointment", "Blogs", "Reviews"] },
  { title: "Company", items: ["About us", "Contact", "Jobs", "Press kit"] },
  { title: "Legal", items: ["Terms of use", "Privacy policy", "Cookie policy"] },
] as const;

/** The footer's items are plain text on purpose: the spec lists them without links. */
export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 print:hidden">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:grid-cols-3">
        {footerGroups.map((group) => (
          <div key={group.title}>
            <h2 className="mb-3 text-sm font-bold tracking-wide text-slate-900 uppercase">
              {group.title}
            </h2>
            <ul className="space-y-2 text-sm text-slate-700">
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="pb-6 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} Dental Clinic
      </p>
    </footer>
  );
}
