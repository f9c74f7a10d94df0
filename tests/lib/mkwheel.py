# SPDX-License-Identifier: MIT
# mkwheel.py WHEEL FILE NAME: a wheel of one file, stored as NAME and
# deflated as pip's and setuptools' wheels are (zipfile, zlib's level 6),
# with the dist-info a wheel carries.
import sys
import zipfile

wheel, path, name = sys.argv[1:4]
with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
    z.write(path, name)
    z.writestr("pkg-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: false\n")
    z.writestr("pkg-1.0.dist-info/RECORD", name + ",,\n")
