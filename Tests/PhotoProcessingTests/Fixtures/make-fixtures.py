#!/usr/bin/env python3
"""Makes the PhotoProcessing test images (pip install pillow pillow-heif): 64×48 pictures with and without
a GPS position (Bogotá) in their Exif, as JPEG, PNG (eXIf chunk) and HEIC, and a JPEG whose XMP names GPS tags."""
import io
from PIL import Image
from PIL.TiffImagePlugin import IFDRational as R
import pillow_heif

pillow_heif.register_heif_opener()

def picture():
    image = Image.new("RGB", (64, 48))
    for x in range(64):
        for y in range(48):
            image.putpixel((x, y), (x * 4 % 256, y * 5 % 256, (x + y) * 2 % 256))
    return image

def exif(with_gps):
    data = Image.Exif()
    data[0x010F] = "PatioCamera"   # Make
    data[0x0110] = "Fixture 1"     # Model
    if with_gps:
        data[0x8825] = {1: "N", 2: (R(4), R(36), R(35)), 3: "W", 4: (R(74), R(4), R(54)), 5: 0, 6: R(2640)}
    return data.tobytes()

image = picture()
image.save("gps.jpg", "JPEG", quality=85, exif=exif(True))
image.save("plain.jpg", "JPEG", quality=85, exif=exif(False))
image.save("gps.png", "PNG", exif=exif(True))
image.save("gps.heic", "HEIF", quality=60, exif=exif(True))
image.save("plain.heic", "HEIF", quality=60)

# XMP with GPS tags, inserted as an APP1 segment right after SOI of a JPEG without Exif GPS.
buffer = io.BytesIO()
image.save(buffer, "JPEG", quality=85)
jpeg = buffer.getvalue()
xmp = (b"http://ns.adobe.com/xap/1.0/\x00"
       b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
       b'<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="4,36.58N" exif:GPSLongitude="74,4.9W"/>'
       b"</rdf:RDF></x:xmpmeta>")
segment = b"\xff\xe1" + (len(xmp) + 2).to_bytes(2, "big") + xmp
open("xmp-gps.jpg", "wb").write(jpeg[:2] + segment + jpeg[2:])

# A phone's second image after the first (an MPF preview, or a JPEG simply appended): its own Exif holds GPS,
# while the first image has none.
open("appended-gps.jpg", "wb").write(open("plain.jpg", "rb").read() + open("gps.jpg", "rb").read())

# XMP naming GPS tags in a PNG (an iTXt chunk keyed XML:com.adobe.xmp) and in a HEIC (a mime item).
from PIL.PngImagePlugin import PngInfo
packet = xmp[len(b"http://ns.adobe.com/xap/1.0/\x00"):]
info = PngInfo()
info.add_itxt("XML:com.adobe.xmp", packet.decode())
image.save("xmp-gps.png", "PNG", pnginfo=info)
image.save("xmp-gps.heic", "HEIF", quality=60, xmp=packet)
