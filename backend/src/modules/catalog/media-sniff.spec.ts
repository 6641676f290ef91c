import { sniffMedia } from './media-sniff';

const hex = (value: string, pad = 32) => Buffer.concat([Buffer.from(value.replace(/\s/g, ''), 'hex'), Buffer.alloc(pad)]);
const text = (value: string, pad = 32) => Buffer.concat([Buffer.from(value, 'latin1'), Buffer.alloc(pad)]);

describe('sniffMedia', () => {
  it.each([
    ['JPEG', hex('ffd8ffe0'), 'photo', 'image/jpeg'],
    ['PNG', hex('89504e470d0a1a0a'), 'photo', 'image/png'],
    ['WebP', text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), 'photo', 'image/webp'],
    ['MP4 (isom)', text('\u0000\u0000\u0000\u0018ftypisom'), 'video', 'video/mp4'],
    ['MP4 (mp42)', text('\u0000\u0000\u0000\u0018ftypmp42'), 'video', 'video/mp4'],
    ['WebM', Buffer.concat([hex('1a45dfa3 9f4282', 0), text('\u0088webm')]), 'video', 'video/webm'],
  ])('accepts %s', (_name, bytes, kind, contentType) => {
    expect(sniffMedia(bytes)).toMatchObject({ accepted: true, kind, contentType });
  });

  it.each([
    ['MOV', text('\u0000\u0000\u0000\u0014ftypqt  '), 'MOV (QuickTime)'],
    ['HEIC', text('\u0000\u0000\u0000\u0018ftypheic'), 'HEIC'],
    ['AVI', text('RIFF\u0000\u0000\u0000\u0000AVI LIST'), 'AVI'],
    ['MKV', Buffer.concat([hex('1a45dfa3 9f4282', 0), text('\u0088matroska')]), 'MKV'],
    ['GIF', text('GIF89a'), 'GIF'],
    ['3GP', text('\u0000\u0000\u0000\u0014ftyp3gp4'), '3GP'],
  ])('names %s as a format to convert', (_name, bytes, formatName) => {
    expect(sniffMedia(bytes)).toEqual({ accepted: false, formatName });
  });

  it('does not trust a name: text is neither photo nor video', () => {
    expect(sniffMedia(text('<html>foto.jpg</html>'))).toEqual({ accepted: false, formatName: null });
    expect(sniffMedia(Buffer.alloc(0))).toEqual({ accepted: false, formatName: null });
  });
});
