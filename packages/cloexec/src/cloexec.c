/* The one system call Node does not offer: fcntl(F_SETFD, FD_CLOEXEC) on a descriptor someone
 * else opened. node-pty's forkpty leaves every PTY master inheritable, so without this each
 * extension process, hook worker and later pane got a writable copy of every pane's terminal. */
#include <errno.h>
#include <fcntl.h>
#include <node_api.h>
#include <string.h>

static napi_value fail(napi_env env, int err) {
  napi_throw_error(env, NULL, strerror(err));
  return NULL;
}

static int fd_arg(napi_env env, napi_callback_info info, int32_t *fd) {
  size_t argc = 1;
  napi_value argv[1];
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
      napi_get_value_int32(env, argv[0], fd) != napi_ok || *fd < 0) {
    napi_throw_type_error(env, NULL, "expected a file descriptor (a non-negative integer)");
    return 0;
  }
  return 1;
}

/* setCloseOnExec(fd): sets FD_CLOEXEC, keeping the other descriptor flags. */
static napi_value set_cloexec(napi_env env, napi_callback_info info) {
  int32_t fd;
  if (!fd_arg(env, info, &fd)) return NULL;
  int flags = fcntl(fd, F_GETFD);
  if (flags == -1) return fail(env, errno);
  if (fcntl(fd, F_SETFD, flags | FD_CLOEXEC) == -1) return fail(env, errno);
  return NULL;
}

/* isCloseOnExec(fd) → boolean. */
static napi_value is_cloexec(napi_env env, napi_callback_info info) {
  int32_t fd;
  if (!fd_arg(env, info, &fd)) return NULL;
  int flags = fcntl(fd, F_GETFD);
  if (flags == -1) return fail(env, errno);
  napi_value out;
  napi_get_boolean(env, (flags & FD_CLOEXEC) != 0, &out);
  return out;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor props[] = {
      {"setCloseOnExec", NULL, set_cloexec, NULL, NULL, NULL, napi_default, NULL},
      {"isCloseOnExec", NULL, is_cloexec, NULL, NULL, NULL, napi_default, NULL},
  };
  napi_define_properties(env, exports, sizeof props / sizeof props[0], props);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, init)
