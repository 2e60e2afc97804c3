// Bezel's view of libinput and libudev (Debian: libinput-dev, libudev-dev).
#ifndef BEZEL_CLIBINPUT_SHIM_H
#define BEZEL_CLIBINPUT_SHIM_H

#include <libinput.h>
#include <libudev.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <stdio.h>
#include <stdarg.h>

#endif
