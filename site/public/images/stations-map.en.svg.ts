import { drawStationsMap } from './stations-map.ts';

/** The station map of the English pages (front matter `mapImage`). */
export default function stationsMap(): string {
  return drawStationsMap({
    lang: 'en-US',
    title: "Map of CloudWing's stations: 1 Taoyuan (headquarters), 2 Kaohsiung, 3 Taipei Songshan, 4 Taichung",
    names: { TPE: 'Taoyuan', TSA: 'Taipei Songshan', RMQ: 'Taichung', KHH: 'Kaohsiung' },
    hq: 'HQ',
    seas: { strait: ['Taiwan', 'Strait'], ocean: ['Pacific', 'Ocean'] },
    kilometres: 'km',
  });
}
