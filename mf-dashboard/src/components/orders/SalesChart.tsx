import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SalesDay } from '@bazar/contracts';
import { useFormats, useLanguage } from '@bazar/web-kit/i18n';
import { useDashboardText } from '../../i18n';

// The brand's green (theme.css --color-brand-600) and accent: a canvas needs the colours themselves.
const REVENUE = '#1f7a3f';
const REVENUE_FILL = 'rgba(31, 122, 63, 0.35)';
const ORDERS = '#b45309';
const HEIGHT = 260;

/**
 * Revenue (bars, taka, left axis) and orders (line, right axis) per shop day, drawn by uPlot: a
 * canvas chart of about 20 KB gzip, loaded with this component only when the Orders page shows it
 * (SalesPanel's lazy import), so that the dashboard's other pages and the page's own first paint do
 * not carry it. Days are along the axis by their place (0 to 29), labelled as Bangladesh days in the
 * page's language, so no time zone of the admin's machine moves them. The same figures are in the
 * panel's table for screen readers and keyboards.
 */
export default function SalesChart({ days }: { days: SalesDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const t = useDashboardText();
  const language = useLanguage();
  const { formatTaka, formatNumber } = useFormats();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const dayLabel = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'Asia/Dhaka',
    });
    const labelOf = (index: number) => {
      const day = days[Math.round(index)];
      return day ? dayLabel.format(new Date(day.day)) : '';
    };
    const compactTaka = new Intl.NumberFormat(language === 'bn' ? 'bn-BD' : 'en-BD', { notation: 'compact', maximumFractionDigits: 1 });
    const options: Options = {
      width: element.clientWidth,
      height: HEIGHT,
      scales: {
        x: { time: false, range: [-0.5, days.length - 0.5] },
        taka: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] },
        orders: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
      },
      axes: [
        { values: (_u, ticks) => ticks.map(labelOf), space: 48, gap: 4 },
        { scale: 'taka', values: (_u, ticks) => ticks.map((tick) => `৳${compactTaka.format(tick)}`), size: 64 },
        {
          scale: 'orders',
          side: 1,
          values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? formatNumber(tick) : '')),
          grid: { show: false },
          size: 48,
        },
      ],
      series: [
        { label: t('day'), value: (_u, index) => (index === null ? '' : labelOf(index)) },
        {
          label: t('revenue'),
          scale: 'taka',
          stroke: REVENUE,
          fill: REVENUE_FILL,
          paths: uPlot.paths.bars!({ size: [0.7, 40] }),
          points: { show: false },
          value: (_u, value) => (value === null ? '—' : formatTaka(value)),
        },
        {
          label: t('ordersPlaced'),
          scale: 'orders',
          stroke: ORDERS,
          width: 2,
          points: { show: true, size: 5, fill: ORDERS },
          value: (_u, value) => (value === null ? '—' : formatNumber(value)),
        },
      ],
      cursor: { drag: { x: false, y: false } },
    };
    const data: AlignedData = [days.map((_, i) => i), days.map((day) => day.revenue), days.map((day) => day.orders)];
    const chart = new uPlot(options, data, element);
    const resized = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [days, language, t, formatTaka, formatNumber]);

  return <div ref={box} data-testid="sales-chart" aria-hidden className="w-full min-w-0 text-xs" />;
}
