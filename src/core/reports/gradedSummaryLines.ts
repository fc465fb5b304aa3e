import { type GradeCounts, type GradedScore } from '../adjudication/gradedScore';
import { type FigureValue } from '../runs/sourceFigure';
import { scaleTakes } from '../scale/verdictScale';

const mean = (x: number | null): string => (x === null ? 'n/a' : String(Number(x.toFixed(4))));

function countsText(counts: GradeCounts): string {
  return `over ${counts.graded} graded items; left out, never counted as 0: null ${counts.null}, error ${counts.error}, missing ${counts.missing}`;
}

function figureText(value: FigureValue): string {
  return value.value === null ? 'n/a' : String(value.value);
}

/** The summary's lines for a graded run, in place of the binary accuracy lines. */
export function gradedSummaryLines(graded: GradedScore): string[] {
  const { automatic: a, adjudicated: h, criteria: c, figure } = graded;
  const lines = [
    `scale      ${graded.scale.kind}: ${scaleTakes(graded.scale)}`,
    `mean grade ${mean(a.mean)}  (the judge's, ${countsText(a.counts)})`,
  ];
  if (c.total > 0)
    lines.push(
      `criteria   ${c.total} (the judge's null ${c.judgeNull}); ${c.decided} with a final human grade, ${c.changed} changed, ${c.conflicts} in conflict`,
    );
  lines.push(
    `adjudicated ${mean(h.mean)}  (a human's grade where decided, else the judge's, ${countsText(h.counts)}; ${h.decided} items with a human grade, ${h.changed} changed)`,
  );
  if (figure !== null) {
    lines.push(`${figure.name} ${figureText(figure.automatic)} automatic, ${figureText(figure.adjudicated)} adjudicated (${figure.rule})`);
    const adjudicatedGroups = new Map(figure.adjudicated.groups.map((g) => [g.name, g]));
    for (const group of figure.automatic.groups) {
      const other = adjudicatedGroups.get(group.name);
      lines.push(
        `  ${figure.groupedBy ?? 'group'} ${group.name}: ${figureText({ value: group.value, groups: [] })} automatic, ${other === undefined ? 'n/a' : figureText({ value: other.value, groups: [] })} adjudicated (${group.items} items)`,
      );
    }
  }
  return lines;
}
