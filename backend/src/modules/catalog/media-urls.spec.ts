import { cdnVideoUrl, embeddedVideoFile, mediaFor } from './media-urls';

describe('media urls', () => {
  it('points at the backend in the embedded mode, without a quality so the player can add one', () => {
    expect(mediaFor('sentadilla')).toEqual({
      publicId: 'ejercicio-sentadilla',
      videoUrl: '/api/media/ejercicio-sentadilla',
      secureUrl: '/api/media/ejercicio-sentadilla',
      thumbSecureUrl: '/api/media/ejercicio-sentadilla/thumbnail',
      family: 'sentadilla',
      customVideo: false,
    });
  });

  it('maps the public id to the CDN, with https for the secure addresses', () => {
    expect(mediaFor('boxeo', 'http://media.pulso.sv/')).toEqual({
      publicId: 'ejercicio-boxeo',
      videoUrl: 'http://media.pulso.sv/video/upload/ejercicio-boxeo.mp4',
      secureUrl: 'https://media.pulso.sv/video/upload/ejercicio-boxeo.mp4',
      thumbSecureUrl: 'https://media.pulso.sv/video/upload/so_1,h_360/ejercicio-boxeo.jpg',
      family: 'boxeo',
      customVideo: false,
    });
  });

  it("puts the studio's own photo and video in place of the family clip and thumbnail", () => {
    const studio = { photoUrl: '/api/media/uploads/a.jpg', video: { url: '/api/media/uploads/b.mp4', publicId: 'subida-b' } };
    expect(mediaFor('yoga', undefined, studio)).toEqual({
      publicId: 'subida-b',
      videoUrl: '/api/media/uploads/b.mp4',
      secureUrl: '/api/media/uploads/b.mp4',
      thumbSecureUrl: '/api/media/uploads/a.jpg',
      photoUrl: '/api/media/uploads/a.jpg',
      family: 'yoga',
      customVideo: true,
    });
    // A photo alone keeps the family clip for the player's preload.
    expect(mediaFor('yoga', undefined, { photoUrl: '/api/media/uploads/a.jpg' })).toMatchObject({ videoUrl: '/api/media/ejercicio-yoga', customVideo: false });
  });

  it('turns each quality level of spec section 9 into a CDN transformation', () => {
    expect(cdnVideoUrl('https://media.pulso.sv', 'ejercicio-yoga', 'low')).toBe('https://media.pulso.sv/video/upload/h_480,br_1000k/ejercicio-yoga.mp4');
    expect(cdnVideoUrl('https://media.pulso.sv', 'ejercicio-yoga', 'medium')).toContain('/h_540,br_2000k/');
    expect(cdnVideoUrl('https://media.pulso.sv', 'ejercicio-yoga')).toContain('/h_720,br_3000k/');
    expect(cdnVideoUrl('https://media.pulso.sv', 'ejercicio-yoga', 'ultra')).toContain('/h_1080,br_5000k/');
  });

  it('names the embedded files by resolution', () => {
    expect(['low', 'medium', 'high', 'ultra'].map((q) => embeddedVideoFile(q as 'low'))).toEqual(['480p.mp4', '540p.mp4', '720p.mp4', '1080p.mp4']);
  });
});
