// The monthly report as a PDF (pdfkit): two A4 pages, the figures as text (so they can be read back
// and searched) and the charts drawn as vector paths. The font is DejaVu Sans, committed in
// server/assets/fonts (its licence beside it): pdfkit's built-in Helvetica has no ř, ů or ě. pdfkit
// embeds only the glyphs used, so a report stays a few tens of kB. pdfkit is loaded on the first
// report, not with the server: it is a tenth of the server's start (some 140 ms of module loading).
import path from 'node:path';
import type { Locale } from '../db/schema';
import { ALERT_TITLE } from '../notifications/alert-mail';
import type { AlertKind } from '@helio/contracts';
import type { MonthReport, ReportDay } from './report-data';
import { REPORT_TEXTS, reportFormat, type ReportFormat, type ReportTexts } from './report-texts';

// src/reports and dist/reports are both two folders below the server's root.
const FONTS = path.join(__dirname, '..', '..', 'assets', 'fonts');
const REGULAR = path.join(FONTS, 'DejaVuSans.ttf');
const BOLD = path.join(FONTS, 'DejaVuSans-Bold.ttf');

const LEFT = 48;
const WIDTH = 595.28 - 2 * LEFT;
const VALUE_X = LEFT + 250;
const COLOURS = {
  produced: '#d99e0b',
  consumed: '#2d72d2',
  expected: '#5f6b7c',
  exported: '#238551',
  imported: '#cd4246',
  axis: '#8f99a8',
};

type Doc = PDFKit.PDFDocument;

function heading(doc: Doc, text: string, y: number): number {
  doc.font('bold').fontSize(12).fillColor('#1c2127').text(text, LEFT, y);
  return y + 20;
}

function row(doc: Doc, label: string, value: string, y: number, extra?: string): number {
  doc.font('regular').fontSize(10).fillColor('#1c2127').text(label, LEFT, y, { lineBreak: false });
  doc.text(value, VALUE_X, y, { width: 110, align: 'right', lineBreak: false });
  if (extra) doc.fillColor('#5f6b7c').text(extra, VALUE_X + 130, y, { lineBreak: false });
  return y + 15;
}

function energyRows(doc: Doc, t: ReportTexts, f: ReportFormat, report: MonthReport, y: number): number {
  const { totals } = report;
  y = heading(doc, t.energy, y);
  y = row(doc, t.produced, f.kwh(totals.produced), y);
  y = row(doc, t.consumed, f.kwh(totals.consumed), y);
  y = row(doc, t.selfConsumed, f.kwh(totals.selfConsumed), y);
  y = row(doc, t.selfConsumption, f.pct(totals.selfConsumptionPct), y);
  y = row(doc, t.autarky, f.pct(totals.autarkyPct), y);
  y = row(doc, t.exported, f.kwh(totals.exported), y);
  y = row(doc, t.imported, f.kwh(totals.imported), y);
  y = heading(doc, t.spot, y + 8);
  y = row(doc, t.exportValue, f.money(report.spot.exportValue), y);
  y = row(doc, t.importCost, f.money(report.spot.importCost), y);
  if (report.spot.unpricedKwh > 0) y = row(doc, t.unpriced, f.kwh(report.spot.unpricedKwh), y);
  return y;
}

function comparisonRows(doc: Doc, t: ReportTexts, f: ReportFormat, report: MonthReport, y: number): number {
  y = heading(doc, `${t.comparison}: ${t.thisMonth} / ${t.lastYear}`, y + 8);
  const before = report.lastYear;
  if (!before) {
    doc.font('regular').fontSize(10).fillColor('#5f6b7c').text(t.noLastYear, LEFT, y);
    y += 15;
  } else {
    for (const key of ['produced', 'consumed', 'exported', 'imported'] as const)
      y = row(
        doc,
        t[key],
        f.kwh(report.totals[key]),
        y,
        `${f.kwh(before[key])}  (${t.change} ${f.change(report.totals[key], before[key])})`,
      );
  }
  y = heading(doc, t.forecast, y + 8);
  if (report.forecast) {
    y = row(doc, t.forecastKwh, f.kwh(report.forecast.forecastKwh), y, t.forecastDays(report.forecast.days));
    y = row(
      doc,
      t.actualOnForecastDays,
      f.kwh(report.forecast.actualKwh),
      y,
      f.change(report.forecast.actualKwh, report.forecast.forecastKwh),
    );
  } else {
    doc.font('regular').fontSize(10).fillColor('#5f6b7c').text(t.noForecast, LEFT, y);
    y += 15;
  }
  y = row(doc, t.expected, f.kwh(report.totals.expectedKwh), y);
  y = row(doc, t.performanceRatio, f.pct(report.totals.performanceRatioPct), y);
  return y;
}

function dayRows(doc: Doc, t: ReportTexts, f: ReportFormat, report: MonthReport, y: number): number {
  y = heading(doc, t.days, y + 8);
  if (report.best) y = row(doc, t.best, f.kwh(report.best.produced), y, f.day(report.best.date));
  if (report.worst) y = row(doc, t.worst, f.kwh(report.worst.produced), y, f.day(report.worst.date));
  y = heading(doc, t.alerts, y + 8);
  if (report.alerts.length === 0) {
    doc.font('regular').fontSize(10).fillColor('#5f6b7c').text(t.noAlerts, LEFT, y);
    return y + 15;
  }
  for (const tally of report.alerts.slice(0, 8)) {
    const name = ALERT_TITLE[f.language][tally.kind as AlertKind] ?? tally.kind;
    y = row(doc, name, t.alertCount(tally.count, f.hours(tally.hours)), y);
  }
  return y;
}

/** Round steps for an axis up to `max`: 1, 2 or 5 × 10^n, about five of them. */
function axisStep(max: number): number {
  if (max <= 0) return 1;
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? raw) as number;
}

interface ChartBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

function axes(doc: Doc, f: ReportFormat, box: ChartBox, min: number, max: number, days: readonly ReportDay[]) {
  const step = axisStep(Math.max(Math.abs(min), max));
  const yOf = (v: number) => box.y + box.h - ((v - min) / (max - min || 1)) * box.h;
  doc.lineWidth(0.5).strokeColor(COLOURS.axis);
  for (let i = Math.ceil(min / step); i * step <= max + 1e-9; i++) {
    const v = i * step || 0; // never "-0"
    doc
      .moveTo(box.x, yOf(v))
      .lineTo(box.x + box.w, yOf(v))
      .dash(1, { space: 2 })
      .stroke()
      .undash();
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#5f6b7c')
      .text(f.axis(v), box.x - 44, yOf(v) - 3, { width: 40, align: 'right', lineBreak: false });
  }
  const slot = box.w / Math.max(1, days.length);
  days.forEach((day, i) => {
    if (i % 5 !== 0 && i !== days.length - 1) return;
    doc.text(String(Number(day.date.slice(8))), box.x + i * slot, box.y + box.h + 3, { width: slot, align: 'center', lineBreak: false });
  });
  return { yOf, slot };
}

function legend(doc: Doc, items: Array<[string, string]>, x: number, y: number) {
  for (const [colour, label] of items) {
    doc.rect(x, y + 1, 8, 8).fill(colour);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#1c2127')
      .text(label, x + 11, y, { lineBreak: false });
    x += 20 + doc.widthOfString(label);
  }
}

/** Production as bars, consumption and the clear-sky expectation as lines, one slot per day. */
function dailyChart(doc: Doc, t: ReportTexts, f: ReportFormat, days: readonly ReportDay[], box: ChartBox) {
  doc
    .font('bold')
    .fontSize(11)
    .fillColor('#1c2127')
    .text(t.dailyChart, LEFT, box.y - 34);
  legend(
    doc,
    [
      [COLOURS.produced, t.legendProduced],
      [COLOURS.consumed, t.legendConsumed],
      [COLOURS.expected, t.legendExpected],
    ],
    LEFT,
    box.y - 18,
  );
  const max = Math.max(1, ...days.flatMap((d) => [d.produced, d.consumed, d.expected])) * 1.05;
  const { yOf, slot } = axes(doc, f, box, 0, max, days);
  days.forEach((day, i) => {
    const top = yOf(day.produced);
    doc.rect(box.x + i * slot + slot * 0.15, top, slot * 0.7, box.y + box.h - top).fill(COLOURS.produced);
  });
  const line = (pick: (d: ReportDay) => number, colour: string, dashed: boolean) => {
    if (days.length === 0) return;
    days.forEach((day, i) => {
      const x = box.x + (i + 0.5) * slot;
      if (i === 0) doc.moveTo(x, yOf(pick(day)));
      else doc.lineTo(x, yOf(pick(day)));
    });
    doc.lineWidth(1.5).strokeColor(colour);
    if (dashed) doc.dash(3, { space: 2 });
    doc.stroke().undash();
  };
  line((d) => d.consumed, COLOURS.consumed, false);
  line((d) => d.expected, COLOURS.expected, true);
}

/** Export above the axis, import below it, one slot per day. */
function gridChart(doc: Doc, t: ReportTexts, f: ReportFormat, days: readonly ReportDay[], box: ChartBox) {
  doc
    .font('bold')
    .fontSize(11)
    .fillColor('#1c2127')
    .text(t.gridChart, LEFT, box.y - 34);
  legend(
    doc,
    [
      [COLOURS.exported, t.exported],
      [COLOURS.imported, t.imported],
    ],
    LEFT,
    box.y - 18,
  );
  const max = Math.max(1, ...days.map((d) => d.exported)) * 1.05;
  const min = -Math.max(1, ...days.map((d) => d.imported)) * 1.05;
  const { yOf, slot } = axes(doc, f, box, min, max, days);
  days.forEach((day, i) => {
    const x = box.x + i * slot + slot * 0.15;
    if (day.exported > 0) doc.rect(x, yOf(day.exported), slot * 0.7, yOf(0) - yOf(day.exported)).fill(COLOURS.exported);
    if (day.imported > 0) doc.rect(x, yOf(0), slot * 0.7, yOf(-day.imported) - yOf(0)).fill(COLOURS.imported);
  });
}

/** The report's PDF in the reader's language. */
export async function renderReportPdf(report: MonthReport, language: Locale): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const t = REPORT_TEXTS[language];
  const f = reportFormat(language);
  const title = report.name ?? t.everyPlant;
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `${t.title} – ${title} – ${report.month}`, Author: 'Helio EMS' },
    lang: language === 'cs' ? 'cs-CZ' : 'en-US',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);

  doc.font('bold').fontSize(18).fillColor('#1c2127').text(t.title, LEFT, LEFT);
  const subtitle = report.kind === 'tag' ? `${t.tag}: ${title}` : title;
  doc
    .font('regular')
    .fontSize(13)
    .text(`${subtitle} · ${f.month(report.month)}`, LEFT, LEFT + 26);
  doc
    .fontSize(9)
    .fillColor('#5f6b7c')
    .text(t.plants(report.plantCount), LEFT, LEFT + 46);
  let y = energyRows(doc, t, f, report, LEFT + 70);
  y = comparisonRows(doc, t, f, report, y);
  dayRows(doc, t, f, report, y);

  doc.addPage();
  const chart = { x: LEFT + 44, w: WIDTH - 44, h: 220 };
  dailyChart(doc, t, f, report.days, { ...chart, y: LEFT + 40 });
  gridChart(doc, t, f, report.days, { ...chart, y: LEFT + 360 });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#5f6b7c')
    .text(t.method, LEFT, LEFT + 620, { width: WIDTH });
  doc.end();
  return done;
}
