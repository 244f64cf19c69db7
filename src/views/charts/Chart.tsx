// A uPlot chart, loaded with the screen that draws one (spec §9: the sentiment chart is 250 high).
// It fills its container's width and follows it when the container resizes.
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';

export interface ChartProps {
  /** Everything but width and height. */
  options: Omit<Options, 'width' | 'height'>;
  data: AlignedData;
  height: number;
  label: string;
}

export function Chart({ options, data, height, label }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const plot = new uPlot({ ...options, width: element.clientWidth || 320, height }, data, element);
    const observer = new ResizeObserver(() => plot.setSize({ width: element.clientWidth || 320, height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [options, data, height]);
  return <div ref={container} className="chart" role="img" aria-label={label} />;
}

/** Bars for a category axis (uPlot's own bar path builder). */
export const barPaths = () => uPlot.paths.bars?.({ size: [0.6, 64], align: 0 });
