// Runs main.qml (QML_FILE: this folder's, or kirigami-app/main.qml for the Kirigami app) and
// prints its console.info lines on stdout, the lines of gtk-app.c that the toolkit suite reads
// (Qt's own messages stay on stderr).
//   usage: bezel-qml-app [--hide-show] [--back] [--region X,Y,W,H];
//          bezel-kirigami-app [--hide-show] [--back] [--region X,Y,W,H]
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <bezel-qt6.h>
#include <cstdio>

static void print(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    std::FILE *to = type == QtInfoMsg ? stdout : stderr;
    std::fprintf(to, "%s\n", qPrintable(message));
    std::fflush(to);
}

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv);
    qInstallMessageHandler(print);
    QQmlApplicationEngine engine;
    engine.load(QUrl::fromLocalFile(QStringLiteral(QML_FILE)));
    if (engine.rootObjects().isEmpty())
        return 1;
    std::printf("supported %d\n", Bezel::isSupported());
    std::fflush(stdout);
    return app.exec();
}
