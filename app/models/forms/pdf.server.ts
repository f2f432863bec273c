/**
 * A signed form as a PDF (docs/decisions/050-medical-history-and-consent-forms.md), made with
 * pdfkit (pure JavaScript, its standard fonts ship in the package): the clinic, the form and
 * its version, the patient, every question with its answer, the signature as typed and as
 * drawn, when, from where and with what browser, and the dentist's review. The standard
 * fonts write Latin-1 (WinAnsi): any other character prints as "?". pdfkit is loaded with the
 * first PDF asked for, not at start-up (~12 MB resident a clinic without forms never needs).
 */
import type { SubmissionView } from "./view.server";

const MARGIN = 56;

/** Text the standard fonts can print: WinAnsi's characters, anything else as "?". */
export function printable(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[^\t\n\r\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u20ac]/g, "?");
}

export async function submissionPdf(view: SubmissionView, clinicName: string): Promise<Uint8Array> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: printable(`${view.title} - ${view.patient.name}`),
      Author: printable(clinicName),
      Subject: printable(`${view.title}, version ${view.version}, signed ${view.signedAt}`),
    },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const line = (label: string, value: string) =>
    doc
      .font("Helvetica-Bold")
      .text(`${printable(label)}: `, { continued: true })
      .font("Helvetica")
      .text(printable(value));

  doc.font("Helvetica").fontSize(10).fillColor("#334155").text(printable(clinicName));
  doc
    .moveDown(0.3)
    .font("Helvetica-Bold")
    .fontSize(18)
    .fillColor("#0f172a")
    .text(printable(view.title));
  doc.font("Helvetica").fontSize(10).fillColor("#334155").text(`Version ${view.version}`);
  doc.moveDown().fontSize(11).fillColor("#0f172a");
  line("Patient", view.patient.name);
  if (view.patient.dateOfBirth) line("Date of birth", view.patient.dateOfBirth);
  line(
    "Signed",
    `${view.signedAt}${view.channel === "desk" ? " at the clinic's desk" : " online"}`,
  );
  if (view.intro) doc.moveDown().font("Helvetica-Oblique").fontSize(10).text(printable(view.intro));

  doc.moveDown();
  for (const answer of view.answers) {
    if (answer.section) {
      doc
        .moveDown(0.6)
        .font("Helvetica-Bold")
        .fontSize(13)
        .fillColor("#0f172a")
        .text(printable(answer.section));
      doc.moveDown(0.2);
    }
    doc.font("Helvetica").fontSize(10).fillColor("#334155").text(printable(answer.label));
    doc
      .font(answer.answered ? "Helvetica-Bold" : "Helvetica-Oblique")
      .fontSize(11)
      .fillColor("#0f172a")
      .text(printable(answer.text), { indent: 12 });
    doc.moveDown(0.3);
  }

  doc.moveDown().font("Helvetica-Bold").fontSize(13).text("Signature");
  doc.font("Helvetica").fontSize(11);
  line("Signed by", view.signatureName);
  if (view.signatureDrawing) {
    try {
      const png = Buffer.from(
        view.signatureDrawing.slice(view.signatureDrawing.indexOf(",") + 1),
        "base64",
      );
      doc.image(png, { fit: [240, 80] });
    } catch {
      doc.font("Helvetica-Oblique").text("(The drawn signature could not be printed.)");
    }
  }
  doc.fontSize(9).fillColor("#475569");
  line("Address", view.ipAddress || "not recorded");
  line("Browser", view.userAgent || "not recorded");

  if (view.review) {
    doc
      .moveDown()
      .fontSize(13)
      .fillColor("#0f172a")
      .font("Helvetica-Bold")
      .text("Reviewed by the clinic");
    doc.font("Helvetica").fontSize(11);
    line("Reviewed", `${view.review.reviewedAt} by ${view.review.reviewerName}`);
    for (const alert of view.review.alerts) {
      line(alert.decision === "accepted" ? "Alert added" : "Alert declined", alert.alert);
    }
    if (view.review.note) line("Note", view.review.note);
  }
  doc.end();
  return done;
}

/** The PDF as a download: a dated name, never kept by a cache. */
export function pdfResponse(pdf: Uint8Array, view: SubmissionView): Response {
  const name = `${view.title}-${view.submittedAt.slice(0, 10)}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name}.pdf"`,
      "cache-control": "private, no-store",
    },
  });
}
